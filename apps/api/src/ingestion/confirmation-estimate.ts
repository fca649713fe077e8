import { getChainStatus, type PrismaClient } from "@ctxlog/db";
import type { Logger } from "pino";

// the chain worker saves its view every ~5 s: reading it every 2 s keeps a record's confirmations
// within a few blocks of the head, at one primary-key read per 2 s and process
const REFRESH_MS = 2_000;
/** an observation older than this is the chain worker's past, not the chain's present */
const STALE_MS = 5 * 60_000;

/**
 * What the API knows of its network's chain, as the chain worker last observed it (table
 * chain_status), read from PostgreSQL at most every REFRESH_MS, off the request path:
 * - `estimated_confirmation` = now + batch window + block time × confirmations, with the observed
 *   block time, or EXPECTED_BLOCK_TIME_MS until there is one;
 * - the head block, from which a confirmed context's confirmations are counted now
 *   (confirmationsAt), not frozen at the count it was confirmed with.
 */
export class ConfirmationEstimator {
  private observedBlockTimeMs: number | undefined;
  private observedHead: bigint | null = null;
  private refreshedAt = 0;
  private refreshing: Promise<void> | undefined;

  constructor(
    private readonly db: PrismaClient,
    private readonly config: {
      network: string;
      batchWindowMs: number;
      expectedBlockTimeMs: number;
      confirmations: number;
    },
    private readonly logger: Logger,
  ) {}

  blockTimeMs(): number {
    if (Date.now() - this.refreshedAt > REFRESH_MS) void this.refresh();
    return this.observedBlockTimeMs ?? this.config.expectedBlockTimeMs;
  }

  /** The head block of `network` as last observed, or null (another network, none fresh yet). */
  headBlock(network: string): bigint | null {
    if (Date.now() - this.refreshedAt > REFRESH_MS) void this.refresh();
    return network === this.config.network ? this.observedHead : null;
  }

  /** Milliseconds from now to the expected confirmation of a context submitted now. */
  delayMs(): number {
    return this.config.batchWindowMs + this.blockTimeMs() * this.config.confirmations;
  }

  refresh(): Promise<void> {
    this.refreshedAt = Date.now();
    this.refreshing ??= getChainStatus(this.db, this.config.network)
      .then((status) => {
        const fresh = status && Date.now() - status.updatedAt.getTime() < STALE_MS;
        this.observedBlockTimeMs = fresh ? status.blockTimeMs : undefined;
        this.observedHead = fresh ? status.headBlock : null;
      })
      .catch((err: unknown) =>
        this.logger.debug({ err }, "chain status unavailable; using EXPECTED_BLOCK_TIME_MS"),
      )
      .finally(() => {
        this.refreshing = undefined;
      });
    return this.refreshing;
  }
}
