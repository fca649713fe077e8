import { formatVerifierKey, noteSigner, parseSignerKey } from "@ctxlog/core";
import { appendToLog, growTree, type PrismaClient, publishLogVerifierKey, tilesNeeded } from "@ctxlog/db";
import type { Logger } from "pino";
import type { ChainMetrics } from "../metrics";

export interface SequencerConfig {
  /** the log's signer key string (TLOG_SIGNING_KEY) */
  signingKey: string;
  /** the checkpoints' origin line (TLOG_ORIGIN) */
  origin: string;
  /** the most entries one checkpoint appends; more wait for the next, taken at once */
  maxPerCheckpoint?: number;
}

const DEFAULT_MAX_PER_CHECKPOINT = 16_384;

/**
 * The transparency log's sequencer: each turn (every TLOG_CHECKPOINT_INTERVAL_MS, from the worker's
 * loop) appends the chained contexts not yet in the log, by id, and signs one checkpoint for them
 * (appendToLog: one transaction, one sequencer at a time across processes under an advisory lock).
 * A turn with nothing queued signs nothing: checkpoints come while entries arrive.
 */
export class Sequencer {
  private readonly signer;
  readonly verifierKey: string;
  private readonly max: number;

  constructor(
    private readonly db: PrismaClient,
    private readonly config: SequencerConfig,
    private readonly logger: Logger,
    private readonly metrics: ChainMetrics,
  ) {
    const key = parseSignerKey(config.signingKey);
    this.signer = noteSigner(key);
    this.verifierKey = formatVerifierKey(key);
    this.max = config.maxPerCheckpoint ?? DEFAULT_MAX_PER_CHECKPOINT;
  }

  /** Publishes the verifier key (GET /v1/tlog/key) before the first checkpoint it signs. */
  async start(): Promise<void> {
    await publishLogVerifierKey(this.db, this.verifierKey);
  }

  /** One turn: appends until the queue is empty (or another sequencer holds the turn). */
  async tick(): Promise<{ appended: number; size?: number }> {
    let appended = 0;
    let size: number | undefined;
    for (;;) {
      const result = await appendToLog(this.db, {
        limit: this.max,
        tilesNeeded,
        grow: (input) => growTree(input, this.config.origin, this.signer),
      });
      if (result.status === "busy") break;
      size = result.size;
      this.metrics.tlogTreeSize.set(result.size);
      if (result.status === "idle") break;
      appended += result.ids.length;
      this.metrics.tlogSequenced.inc(result.ids.length);
      this.logger.debug({ from: result.oldSize, size: result.size }, "transparency log checkpoint signed");
      if (result.ids.length < this.max) break;
    }
    return { appended, size };
  }
}
