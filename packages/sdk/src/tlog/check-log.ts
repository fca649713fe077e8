// One round of a monitor: the log's latest checkpoint, opened with its key and proven consistent
// with the last one verified (from the served tiles). Two checkpoints signed by the log's key that
// cannot both be true — one not a prefix of the other, or one size with two roots — are a split
// view: the log showed two histories, and the two notes prove it to anyone holding its key.
import {
  type Checkpoint,
  consistencyProofRanges,
  hashAtFromTiles,
  isTlogError,
  type NoteVerifierKey,
  nodesForRanges,
  openCheckpoint,
  proveConsistency,
  rangeNodes,
  tilePath,
  tilesForNodes,
  treeHash,
  verifyConsistency,
} from "@ctxlog/tlog";
import { fetchCheckpoint, fetchTiles, type LogReaderOptions, LogUnreadableError } from "./read-log";

export type LogIdentity = { origin: string; key: NoteVerifierKey };

/** A checkpoint as a monitor reports it: its size, root (base64) and the signed note. */
export type SeenCheckpoint = { size: number; root: string; note: string };

export type LogCheck =
  /** no checkpoint held before: this one is trusted on first use */
  | { kind: "first"; checkpoint: SeenCheckpoint }
  | { kind: "unchanged"; checkpoint: SeenCheckpoint }
  /** grew, and proven consistent with the one held */
  | { kind: "consistent"; previous: SeenCheckpoint; checkpoint: SeenCheckpoint }
  /** an older checkpoint (a cache behind the log), proven a prefix of the one held, which stays */
  | { kind: "stale"; held: SeenCheckpoint; served: SeenCheckpoint }
  /** two checkpoints signed by the log that cannot both be true; both notes are the evidence */
  | { kind: "split_view"; reason: string; held: SeenCheckpoint; served: SeenCheckpoint };

const seen = (checkpoint: Checkpoint, note: string): SeenCheckpoint => ({
  size: checkpoint.size,
  root: Buffer.from(checkpoint.rootHash).toString("base64"),
  note,
});

/** Opens a checkpoint with the log's key; a note the key did not sign is not the log's. */
export function openLogCheckpoint(note: string, log: LogIdentity, url: string): Checkpoint {
  try {
    return openCheckpoint(note, log).checkpoint;
  } catch (error) {
    if (!isTlogError(error)) throw error;
    throw new LogUnreadableError(
      `the checkpoint does not open with the log's key: ${error.message}`,
      url,
      undefined,
      {
        cause: error,
      },
    );
  }
}

/**
 * Proves the tree (old) a prefix of the tree (new) from the log's tiles at the new size. The
 * tiles must first hash to the new root, which the log signed: then a proof that does not lead
 * to the old root shows the log's two signed trees disagree (a split view), not a bad tile.
 * Returns why they are not consistent, or null when they are.
 */
async function inconsistency(
  reader: LogReaderOptions,
  old: Checkpoint,
  next: Checkpoint,
): Promise<string | null> {
  const ranges = consistencyProofRanges(old.size, next.size);
  const nodes = [...nodesForRanges(ranges), ...rangeNodes(0, next.size)];
  const tiles = await fetchTiles(reader, tilesForNodes(nodes, next.size));
  let proof: Uint8Array[];
  try {
    const hashAt = hashAtFromTiles(next.size, (tile) => tiles.get(tilePath(tile)) as Uint8Array);
    if (!Buffer.from(treeHash(next.size, hashAt)).equals(next.rootHash)) {
      throw new LogUnreadableError(
        `the log's tiles do not hash to the root of its checkpoint of size ${next.size}`,
        reader.url,
      );
    }
    proof = proveConsistency(old.size, next.size, hashAt);
  } catch (error) {
    if (!isTlogError(error)) throw error;
    throw new LogUnreadableError(`the log's tiles cannot be read: ${error.message}`, reader.url, undefined, {
      cause: error,
    });
  }
  try {
    verifyConsistency(old.size, next.size, old.rootHash, next.rootHash, proof);
    return null;
  } catch (error) {
    if (!isTlogError(error, "proof_failed")) throw error;
    return `the tree of size ${old.size} is not a prefix of the tree of size ${next.size}: ${error.message}`;
  }
}

/**
 * Reads the log's checkpoint and checks it against `held` (the last verified note, or null).
 * Throws LogUnreadableError when the log cannot be read or what it serves does not verify.
 */
export async function checkLog(
  reader: LogReaderOptions,
  log: LogIdentity,
  held: string | null,
): Promise<LogCheck> {
  const note = await fetchCheckpoint(reader);
  const next = openLogCheckpoint(note, log, reader.url);
  const served = seen(next, note);
  if (held === null) return { kind: "first", checkpoint: served };
  const old = openLogCheckpoint(held, log, reader.url);
  const previous = seen(old, held);
  if (next.size === old.size) {
    if (served.root === previous.root) return { kind: "unchanged", checkpoint: previous };
    return {
      kind: "split_view",
      reason: `two roots for the tree of size ${old.size}`,
      held: previous,
      served,
    };
  }
  // an older checkpoint is proven a prefix of the held one, from the tiles at the held size
  const [from, to] = next.size > old.size ? [old, next] : [next, old];
  const reason = await inconsistency(reader, from, to);
  if (reason !== null) return { kind: "split_view", reason, held: previous, served };
  return next.size > old.size
    ? { kind: "consistent", previous, checkpoint: served }
    : { kind: "stale", held: previous, served };
}
