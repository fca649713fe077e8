import {
  type AnchoringState,
  getChainStatus,
  type PrismaClient,
  readBacklogAges,
  saveAnchoringHealth,
} from "@ctxlog/db";
import type { Logger } from "pino";
import type { ChainMetrics } from "./metrics";

const MIN_THRESHOLD_MS = 60_000;

export interface AnchoringMonitorConfig {
  network: string;
  confirmations: number;
  batchWindowMs: number;
  /** a fixed stall threshold (a test's); unset: max(60 s, 10 × the expected confirmation time) */
  stallThresholdMs?: number;
}

export interface AnchoringReport {
  state: AnchoringState;
  /** seconds the oldest pending context has waited (0: none pending) */
  behind_seconds: number;
  threshold_seconds: number;
  last_error: string | null;
  last_error_at: string | null;
}

/**
 * Whether anchoring keeps up: stalled when contexts are pending and the oldest is older than
 * max(60 s, 10 × the expected confirmation time) (or STALL_THRESHOLD_MS). The verdict goes to /healthz, to the
 * chain_anchoring_* gauges and to the anchoring_health row (the API, which reads only PostgreSQL,
 * shows it on the overview), with the last error any loop or the node gave, as the reason.
 */
export class AnchoringMonitor {
  private lastError: { message: string; at: Date } | null = null;
  private report: AnchoringReport = {
    state: "ok",
    behind_seconds: 0,
    threshold_seconds: 0,
    last_error: null,
    last_error_at: null,
  };

  constructor(
    private readonly db: PrismaClient,
    private readonly config: AnchoringMonitorConfig,
    private readonly logger: Logger,
    private readonly metrics: ChainMetrics,
  ) {}

  noteError(message: string): void {
    this.lastError = { message: message.split("\n")[0]?.slice(0, 500) ?? "", at: new Date() };
  }

  current(): AnchoringReport {
    return this.report;
  }

  /** Reads the backlog, decides, and records the verdict where operators look. */
  async evaluate(now = Date.now()): Promise<AnchoringReport> {
    const [ages, status] = await Promise.all([
      readBacklogAges(this.db),
      getChainStatus(this.db, this.config.network),
    ]);
    const expectedMs = this.config.batchWindowMs + (status?.blockTimeMs ?? 0) * this.config.confirmations;
    const thresholdMs = this.config.stallThresholdMs ?? Math.max(MIN_THRESHOLD_MS, 10 * expectedMs);
    const oldest = ages.oldestPendingContextAt;
    const behindMs = oldest ? Math.max(0, now - oldest.getTime()) : 0;
    const state: AnchoringState = oldest && behindMs > thresholdMs ? "stalled" : "ok";
    if (state !== this.report.state) {
      if (state === "stalled")
        this.logger.error(
          { behindSeconds: Math.round(behindMs / 1000), lastError: this.lastError?.message ?? null },
          "anchoring stalled: contexts are pending past the threshold",
        );
      else this.logger.info("anchoring recovered");
    }
    this.report = {
      state,
      behind_seconds: Math.round(behindMs / 1000),
      threshold_seconds: Math.round(thresholdMs / 1000),
      last_error: this.lastError?.message ?? null,
      last_error_at: this.lastError?.at.toISOString() ?? null,
    };
    this.metrics.anchoringStalled.set(state === "stalled" ? 1 : 0);
    this.metrics.anchoringBehind.set(behindMs / 1000);
    await saveAnchoringHealth(this.db, {
      network: this.config.network,
      state,
      lastError: this.lastError?.message ?? null,
      lastErrorAt: this.lastError?.at ?? null,
      oldestPendingAt: oldest,
      thresholdSeconds: this.report.threshold_seconds,
    });
    return this.report;
  }

  /** The worker refuses to start: the row says why, for the overview. */
  async refuse(message: string): Promise<void> {
    this.noteError(message);
    await saveAnchoringHealth(this.db, {
      network: this.config.network,
      state: "wrong_chain",
      lastError: this.lastError?.message ?? message,
      lastErrorAt: new Date(),
      oldestPendingAt: (await readBacklogAges(this.db)).oldestPendingContextAt,
      thresholdSeconds: Math.round((this.config.stallThresholdMs ?? MIN_THRESHOLD_MS) / 1000),
    });
  }
}
