import { getChainStatus, type PrismaClient } from "@ctxlog/db";
import type { Logger } from "pino";

const REFRESH_MS = 10_000;
/** an observation older than this is the chain worker's past, not the chain's present */
const STALE_MS = 5 * 60_000;

/**
 * `estimated_confirmation` = now + batch window + block time × confirmations, with the block time
 * the chain worker last observed (table chain_status), or EXPECTED_BLOCK_TIME_MS until it has
 * observed one. Read from PostgreSQL at most every 10 s, off the request path.
 */
export class ConfirmationEstimator {
  private observedBlockTimeMs: number | undefined;
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
