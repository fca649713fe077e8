import type { PublishedSigner } from "@ctxlog/core";
import { allSigners, type Db, foldAnchorSigners, registerSigner, retireStaleSigners } from "@ctxlog/db";
import type { Logger } from "pino";

export interface SignerDirectoryOptions {
  /** when this process started: the earliest moment it can have signed anything */
  startedAt?: Date;
  /** how often a running process reports its signer (lastSeenAt); default hourly */
  heartbeatMs?: number;
  /** how long the published list is reused between reads; default 10 s */
  cacheTtlMs?: number;
}

const HOUR = 60 * 60 * 1000;
/** an anchor key found missing is looked for on anchors again at most this often */
const REFOLD_AFTER_MS = 60_000;

/**
 * The `signers` table as this process keeps it: its own attestation key published from the moment
 * the process started (so every context it signs falls inside the period; the keys of contexts
 * written before the table were published by the data step context_signers), the chain worker's
 * anchor keys folded in from the anchors it recorded (before each broadcast), a heartbeat that keeps `last_seen_at` fresh and retires attestation keys
 * nobody runs any more, and a short-lived cache of the published list for the checks.
 */
export class SignerDirectory {
  readonly startedAt: Date;
  private readonly heartbeatMs: number;
  private readonly cacheTtlMs: number;
  private ready: Promise<void> | undefined;
  private cache: { rows: PublishedSigner[]; at: number } | undefined;
  private readonly refoldedAt = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    readonly current: string,
    private readonly logger: Logger,
    opts: SignerDirectoryOptions = {},
  ) {
    this.startedAt = opts.startedAt ?? new Date();
    this.heartbeatMs = opts.heartbeatMs ?? HOUR;
    this.cacheTtlMs = opts.cacheTtlMs ?? 10_000;
  }

  /**
   * Publishes the signers once per process (the anchor keys, then our own); run at start-up, and
   * again on first use if that failed.
   */
  ensure(): Promise<void> {
    this.ready ??= (async () => {
      await foldAnchorSigners(this.db);
      await this.heartbeat();
    })().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  /** Our signer is seen now; signers no process reported for two heartbeats are retired. */
  async heartbeat(now = new Date()): Promise<void> {
    await registerSigner(this.db, this.current, { startedAt: this.startedAt, now });
    await retireStaleSigners(this.db, { current: this.current, now, heartbeatMs: this.heartbeatMs });
    await foldAnchorSigners(this.db);
    this.cache = undefined;
  }

  /** Starts the hourly heartbeat (publishing now, in the background). */
  start(): void {
    this.ensure().catch((err: unknown) =>
      this.logger.warn({ err }, "signers: publishing failed; retried on use"),
    );
    this.timer = setInterval(() => {
      this.heartbeat().catch((err: unknown) => this.logger.warn({ err }, "signers: heartbeat failed"));
    }, this.heartbeatMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** The published signers (cached for a few seconds). */
  async list(): Promise<PublishedSigner[]> {
    await this.ensure();
    if (this.cache && Date.now() - this.cache.at < this.cacheTtlMs) return this.cache.rows;
    const rows = await allSigners(this.db);
    this.cache = { rows, at: Date.now() };
    return rows;
  }

  /**
   * `rows` (the published signers), making sure each of `submitters` is among the anchor keys
   * when the anchors table names it: a key the chain worker started using since the last fold is
   * folded in on first sight (at most once a minute per address). An address that never anchored
   * for us stays unpublished.
   */
  async withAnchorSubmitters(
    rows: PublishedSigner[],
    submitters: readonly string[],
  ): Promise<PublishedSigner[]> {
    const known = new Set(rows.filter((r) => r.kind !== "attestation").map((r) => r.address.toLowerCase()));
    let folded = false;
    for (const submitter of new Set(submitters)) {
      const key = `anchor:${submitter.toLowerCase()}`;
      if (known.has(submitter.toLowerCase())) continue;
      const last = this.refoldedAt.get(key);
      if (last !== undefined && Date.now() - last < REFOLD_AFTER_MS) continue;
      this.refoldedAt.set(key, Date.now());
      await foldAnchorSigners(this.db, submitter);
      folded = true;
    }
    if (!folded) return rows;
    this.cache = undefined;
    return this.list();
  }
}
