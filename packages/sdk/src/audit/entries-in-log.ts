// entries_in_log, the audit's log check (issue 43): the log indexes show that no anchored entry
// left the log. For the export's entries anchored by the log's tree head, the log's CURRENT
// checkpoint (opened with the log's key) must still hold each entry at its log index — its entry
// bundle holds the entry hash, and an inclusion proof built from the served tiles leads to the
// checkpoint's root — and each anchored tree head must be a prefix of it (a consistency proof from
// the tiles). A log that dropped, changed or forked away an anchored entry fails it.
import {
  type Checkpoint,
  isTlogError,
  leafHash,
  type NoteVerifierKey,
  openCheckpoint,
  parseVerifierKey,
  verifyConsistency,
  verifyInclusion,
} from "@ctxlog/tlog";
import { bytesToHex, hexToBytes } from "viem";
import { fetchCheckpoint, type LogReaderOptions } from "../tlog/read-log";
import type { EntryLog } from "./log-proof";
import { LogTiles } from "./log-tiles";

export const ENTRIES_IN_LOG = "entries_in_log";

/** One check of the audit: three-valued, as every verdict (a check that could not run is not_run). */
export interface AuditCheck {
  name: string;
  status: "passed" | "failed" | "not_run";
  reason: string;
}

export interface EntriesInLogOptions {
  /** The log's base URL (`<api>/v1/tlog`); without it the check does not run. */
  url?: string;
  /** The log's verifier key to trust; default: the entries' own `log.verifier_key`. */
  verifierKey?: string;
  /** Request headers (a read key, for a log served with TLOG_PUBLIC=false). */
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** What the check reads of an entry anchored by a tree head (a checked version 4 line). */
export interface TreeHeadEntry {
  sequence: number;
  entry_hash: string;
  leaf_index: number;
  merkle_root: string;
  log: EntryLog;
}

type Current = { checkpoint: Checkpoint; key: NoteVerifierKey; whose: string };

const tlogMessage = (error: unknown) => {
  if (isTlogError(error)) return error.message;
  throw error;
};

/**
 * Streams: each entry is checked as it comes (memory holds a few tiles and the tree heads seen).
 * The first failure fails the check, which then stops; a log that cannot be read throws
 * LogUnreadableError, as an RPC endpoint that cannot be read does.
 */
export class EntriesInLog {
  private current: Current | null = null;
  /** entries anchored by a tree head, and of them those proven in the log */
  private seen = 0;
  private entries = 0;
  private readonly heads = new Set<string>();
  private headCount = 0;
  private failure: string | null = null;
  private readonly tiles: LogTiles | null;

  constructor(private readonly options: EntriesInLogOptions) {
    this.tiles = options.url ? new LogTiles(this.reader()) : null;
  }

  private reader(): LogReaderOptions {
    return {
      url: this.options.url as string,
      headers: this.options.headers,
      timeoutMs: this.options.timeoutMs,
    };
  }

  /** How many entries anchored by a tree head were given. */
  get treeHeadEntries(): number {
    return this.seen;
  }

  async add(e: TreeHeadEntry): Promise<void> {
    this.seen++;
    if (this.failure !== null || !this.tiles) return;
    let why: string | null;
    try {
      why = await this.problem(e, this.tiles);
    } catch (error) {
      if (!(error instanceof LogCheckFailure)) throw error;
      why = error.message;
    }
    if (why !== null) this.failure = `entry ${e.sequence}: ${why}`;
  }

  private async problem(e: TreeHeadEntry, tiles: LogTiles): Promise<string | null> {
    const anchored = e.log.anchored_tree_size;
    this.current ??= await this.open(e);
    // a checkpoint read before this tree head was published (the log grows while a long export is
    // audited): read it again, proven a successor of the one held. Still behind, the check fails
    // and stops, so each tree head costs one read at most.
    if (anchored > this.current.checkpoint.size) {
      const older = this.current.checkpoint;
      this.current = await this.open(e);
      const grown = await this.prefixProblem(
        older.size,
        older.rootHash,
        "the log's previous checkpoint",
        tiles,
      );
      if (grown) return grown;
    }
    const { checkpoint } = this.current;
    if (anchored > checkpoint.size) {
      return `its tree head of ${anchored} leaves was anchored, the log's checkpoint has ${checkpoint.size}`;
    }
    const head = `${anchored}|${e.merkle_root.toLowerCase()}`;
    if (!this.heads.has(head)) {
      const what = `the tree head of ${anchored} leaves anchored with root ${e.merkle_root}`;
      const inconsistent = await this.prefixProblem(
        anchored,
        hexToBytes(e.merkle_root as `0x${string}`),
        what,
        tiles,
      );
      if (inconsistent) return inconsistent;
      if (this.heads.size >= 1_000) this.heads.clear();
      this.heads.add(head);
      this.headCount++;
    }
    try {
      const held = await tiles.entryAt(e.leaf_index, checkpoint.size);
      if (bytesToHex(held) !== e.entry_hash.toLowerCase()) {
        return `the log holds ${bytesToHex(held)} at index ${e.leaf_index}, not its entry hash ${e.entry_hash}`;
      }
      const proof = await tiles.inclusionProof(e.leaf_index, checkpoint.size);
      const leaf = leafHash(hexToBytes(e.entry_hash as `0x${string}`));
      verifyInclusion(e.leaf_index, checkpoint.size, leaf, proof, checkpoint.rootHash);
    } catch (error) {
      return `the log's tiles do not prove it at index ${e.leaf_index} of ${checkpoint.size}: ${tlogMessage(error)}`;
    }
    this.entries++;
    return null;
  }

  /** Why the tree (size, root) is not a prefix of the current checkpoint's tree, or null. */
  private async prefixProblem(size: number, root: Uint8Array, what: string, tiles: LogTiles) {
    const { checkpoint } = this.current as Current;
    try {
      const proof = await tiles.consistencyProof(size, checkpoint.size);
      verifyConsistency(size, checkpoint.size, root, checkpoint.rootHash, proof);
      return null;
    } catch (error) {
      return `${what} is not a prefix of the log's checkpoint of ${checkpoint.size} leaves: ${tlogMessage(error)}`;
    }
  }

  /** The log's current checkpoint, opened with the pinned key or the entry's. */
  private async open(e: TreeHeadEntry): Promise<Current> {
    const note = await fetchCheckpoint(this.reader());
    const pinned = this.options.verifierKey;
    const whose = pinned ? "the given log key" : "the entries' log key";
    try {
      const key = parseVerifierKey(pinned ?? e.log.verifier_key);
      const { checkpoint } = openCheckpoint(note, { origin: e.log.origin, key });
      return { checkpoint, key, whose };
    } catch (error) {
      throw new LogCheckFailure(`the log's checkpoint does not open with ${whose}: ${tlogMessage(error)}`);
    }
  }

  result(): AuditCheck {
    const counts = `${this.entries} entries at their log indexes, ${this.headCount} anchored tree heads consistent`;
    if (this.failure !== null) {
      return { name: ENTRIES_IN_LOG, status: "failed", reason: `${this.failure} (before it: ${counts})` };
    }
    if (this.seen === 0) {
      const reason = "no entry of the export is anchored by the log's tree head";
      return { name: ENTRIES_IN_LOG, status: "not_run", reason };
    }
    if (!this.tiles) {
      const reason = `${this.seen} entries are anchored by the log's tree head, but there is no log to read (give its URL: --log-url, or --api)`;
      return { name: ENTRIES_IN_LOG, status: "not_run", reason };
    }
    const { checkpoint, key, whose } = this.current as Current;
    return {
      name: ENTRIES_IN_LOG,
      status: "passed",
      reason: `${counts} with the log's checkpoint of ${checkpoint.size} leaves (${checkpoint.origin}, signed by ${key.name}, ${whose})`,
    };
  }
}

/** A checkpoint that does not open: the check fails (thrown inside `add`, caught there). */
class LogCheckFailure extends Error {}
