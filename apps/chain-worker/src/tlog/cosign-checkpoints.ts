import {
  consistencyProofRanges,
  hashAtFromTiles,
  nodesForRanges,
  parseSignedNote,
  proveConsistency,
  type Tile,
  tilesForNodes,
} from "@ctxlog/core";
import {
  type PrismaClient,
  readLastCosignedSize,
  readLatestCheckpoint,
  readStoredTile,
  recordWitnessPolicy,
  type StoredCheckpoint,
  storeCosignature,
} from "@ctxlog/db";
import type { Logger } from "pino";
import type { ChainMetrics } from "../metrics";
import { addCheckpoint, addCheckpointBody, cosignatureFrom } from "./witness-client";
import type { WitnessConfig } from "./witness-config";

const HASH = 32;
/** After a failure a witness is tried again after 1 s, doubling to at most a minute. */
const FIRST_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 60_000;

export interface CosignerConfig {
  witnesses: WitnessConfig[];
  threshold: number;
  timeoutMs: number;
}

type Outcome = { ok: true; size: number } | { ok: false; reason: string };

/**
 * Sends the log's newest checkpoint to each witness (C2SP tlog-witness) with the consistency proof
 * from the size that witness last cosigned (tlog_cosignatures), and stores each cosignature once
 * it verifies with the witness's key. A 409 names the size the witness holds (it restarted from an
 * older state, or another sequencer got there first): the request is sent again once, from there.
 * Runs in its own loop beside the sequencer's: a witness that is down, slow or refusing is logged,
 * counted and tried again later (backing off), and never holds up sequencing.
 */
export class WitnessCosigner {
  /** the newest size each witness is known to hold (from the database at first, then its answers) */
  private readonly held = new Map<string, number>();
  private readonly retry = new Map<string, { at: number; failures: number }>();

  constructor(
    private readonly db: PrismaClient,
    private readonly config: CosignerConfig,
    private readonly logger: Logger,
    private readonly metrics: ChainMetrics,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records the policy, so that the API publishes the newest checkpoint k witnesses cosigned. */
  async start(): Promise<void> {
    await recordWitnessPolicy(this.db, {
      threshold: this.config.threshold,
      witnesses: this.config.witnesses.map((w) => ({
        name: w.name,
        keyId: w.key.keyId,
        verifierKey: w.verifierKey,
      })),
    });
  }

  /** One round: the newest checkpoint to every witness that has not cosigned it and is not backing off. */
  async round(): Promise<void> {
    if (this.config.witnesses.length === 0) return;
    const checkpoint = await readLatestCheckpoint(this.db);
    if (!checkpoint) return;
    await Promise.all(
      this.config.witnesses.map(async (witness) => {
        const retry = this.retry.get(witness.name);
        if (retry && retry.at > this.now()) return;
        const outcome = await this.cosign(witness, checkpoint).catch(
          (error): Outcome => ({ ok: false, reason: error instanceof Error ? error.message : String(error) }),
        );
        if (outcome.ok) {
          if (retry)
            this.logger.info({ witness: witness.name, size: outcome.size }, "tlog witness recovered");
          this.retry.delete(witness.name);
          return;
        }
        const failures = (retry?.failures ?? 0) + 1;
        const delay = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (failures - 1));
        this.retry.set(witness.name, { at: this.now() + delay, failures });
        this.metrics.tlogWitnessFailures.inc({ witness: witness.name });
        this.logger.warn(
          {
            witness: witness.name,
            size: checkpoint.size,
            reason: outcome.reason,
            failures,
            retryInMs: delay,
          },
          "tlog witness did not cosign the checkpoint",
        );
      }),
    );
  }

  private async cosign(witness: WitnessConfig, checkpoint: StoredCheckpoint): Promise<Outcome> {
    let old = this.held.get(witness.name);
    if (old === undefined)
      old = await readLastCosignedSize(this.db, { name: witness.name, keyId: witness.key.keyId });
    if (old >= checkpoint.size) {
      this.held.set(witness.name, old);
      return { ok: true, size: old };
    }
    let answer = await this.send(witness, old, checkpoint);
    if (answer.status === "conflict" && answer.size !== old && answer.size <= checkpoint.size) {
      this.logger.info(
        { witness: witness.name, believed: old, holds: answer.size },
        "tlog witness holds another size",
      );
      old = answer.size;
      answer = await this.send(witness, old, checkpoint);
    }
    if (answer.status === "conflict") {
      return {
        ok: false,
        reason: `409: the witness holds size ${answer.size} (sent old ${old}, size ${checkpoint.size})`,
      };
    }
    if (answer.status === "refused")
      return { ok: false, reason: `HTTP ${answer.httpStatus}: ${answer.message}` };
    const text = parseSignedNote(checkpoint.note).text;
    const line = cosignatureFrom(answer.body, text, witness.key);
    if (!line) return { ok: false, reason: "its answer holds no cosignature by its key that verifies" };
    await storeCosignature(this.db, {
      size: checkpoint.size,
      witness: witness.name,
      keyId: witness.key.keyId,
      signature: line.signature,
    });
    this.held.set(witness.name, checkpoint.size);
    this.metrics.tlogCosignatures.inc({ witness: witness.name });
    return { ok: true, size: checkpoint.size };
  }

  private async send(witness: WitnessConfig, old: number, checkpoint: StoredCheckpoint) {
    const proof = await this.proveConsistency(old, checkpoint.size);
    return addCheckpoint(witness.url, addCheckpointBody(old, proof, checkpoint.note), this.config.timeoutMs);
  }

  /**
   * The consistency proof from `oldSize` to `newSize`, from the stored tiles (stored at the newest
   * checkpoint's width, which is at least `newSize`'s: a narrower tile is its first hashes).
   */
  private async proveConsistency(oldSize: number, newSize: number): Promise<Uint8Array[]> {
    if (oldSize === 0 || oldSize === newSize) return [];
    const tiles = tilesForNodes(nodesForRanges(consistencyProofRanges(oldSize, newSize)), newSize);
    const read = new Map<string, Uint8Array>();
    for (const tile of tiles) {
      const stored = await readStoredTile(this.db, tile.level, tile.index);
      if (!stored || stored.length < tile.width * HASH) {
        throw new Error(
          `the log's tile ${tile.level}/${tile.index} is missing or narrower than ${tile.width}`,
        );
      }
      read.set(`${tile.level}/${tile.index}`, stored.subarray(0, tile.width * HASH));
    }
    const readTile = (tile: Tile) => read.get(`${tile.level}/${tile.index}`) as Uint8Array;
    return proveConsistency(oldSize, newSize, hashAtFromTiles(newSize, readTile));
  }
}
