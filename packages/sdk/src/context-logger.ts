import type { ContextsApi } from "./client";
import { CtxlogApiError, CtxlogConnectionError, CtxlogError } from "./errors";
import { saltContext } from "./salt";
import type { Context, CreateContextInput } from "./types";

export interface ContextLoggerOptions {
  /** A batch is sent once this many contexts wait (1–500); default 100. */
  maxBatchSize?: number;
  /** ...or once the oldest waiting context has waited this long; default 200 ms. */
  flushIntervalMs?: number;
  /** A batch also closes before its JSON passes this many bytes (the API takes 5 MiB); default 4 MiB. */
  maxBatchBytes?: number;
  /** Contexts queued or being sent at most; default 10,000. Beyond it `log` waits or rejects. */
  maxQueueSize?: number;
  /** What `log` does when the queue is full: wait for room (default) or reject at once. */
  whenFull?: "wait" | "reject";
  /** Batches in flight at once; default 4. */
  maxConcurrentBatches?: number;
  /**
   * Retries of a batch after the client's own (429, 503, 502/504 and network errors), always with
   * the batch's Idempotency-Key, so a retry of a batch that was in fact written adds nothing;
   * default 10. Retry-After is honoured; otherwise backoff from `baseDelayMs` (default 250 ms),
   * doubling up to `maxDelayMs` (default 30 s).
   */
  maxRetries?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Idempotency-Keys are `${prefix}-${n}`; default a random UUID (keys live 24 h on the server). */
  idempotencyKeyPrefix?: string;
  /** Test hook: how to wait between retries. */
  sleep?: (ms: number) => Promise<void>;
}

/** `log` with `whenFull: "reject"` and a full queue. */
export class ContextLoggerQueueFullError extends CtxlogError {
  override name = "ContextLoggerQueueFullError";
}

/** `log` after `close()`. */
export class ContextLoggerClosedError extends CtxlogError {
  override name = "ContextLoggerClosedError";
}

/** `flush()` or `close()` when some contexts of theirs were not accepted; each is in `errors`. */
export class ContextLoggerFlushError extends CtxlogError {
  override name = "ContextLoggerFlushError";
  constructor(readonly errors: unknown[]) {
    super(`ctxlog: ${errors.length} context(s) were not accepted; see errors`);
  }
}

interface Entry {
  input: CreateContextInput;
  bytes: number;
  at: number;
  resolve: (context: Context) => void;
  reject: (error: unknown) => void;
}

const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);
const BATCH_ENVELOPE_BYTES = 16;
const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const byteLength = (text: string): number =>
  typeof Buffer === "undefined" ? new TextEncoder().encode(text).length : Buffer.byteLength(text);

/**
 * Sends contexts in batches for the caller: `log()` queues one and returns a promise of its record
 * (id, hash, signature, as POST /v1/contexts answers); batches leave at `maxBatchSize` contexts or
 * after `flushIntervalMs`, through POST /v1/contexts/batch, each under its own Idempotency-Key kept
 * across retries, so nothing is lost on a 429, 503 or dropped connection and nothing is written
 * twice. A batch refused for some of its items (400 with `details[].index`) rejects those and sends
 * the rest again. `flush()` and `close()` resolve once everything queued so far is settled.
 *
 * ```ts
 * const logger = new ContextLogger(new CtxlogClient({ baseUrl, apiKey }));
 * const ctx = await logger.log({ agent_id: "planner-7", context_data: { step: 1 } });
 * await logger.close();
 * ```
 */
export class ContextLogger {
  private readonly maxBatchSize: number;
  private readonly flushIntervalMs: number;
  private readonly maxBatchBytes: number;
  private readonly maxQueueSize: number;
  private readonly whenFull: "wait" | "reject";
  private readonly maxConcurrent: number;
  private readonly maxRetries: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly keyPrefix: string;
  private readonly sleep: (ms: number) => Promise<void>;

  private queue: Entry[] = [];
  private queuedBytes = 0;
  /** contexts queued or in a batch under way */
  private outstanding = 0;
  private inFlight = 0;
  private flushing = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  private batchNumber = 0;
  private roomWaiters: (() => void)[] = [];
  private readonly unsettled = new Set<Promise<unknown>>();
  private failures: unknown[] = [];

  constructor(
    private readonly client: { contexts: Pick<ContextsApi, "createMany"> },
    opts: ContextLoggerOptions = {},
  ) {
    this.maxBatchSize = opts.maxBatchSize ?? 100;
    if (!Number.isInteger(this.maxBatchSize) || this.maxBatchSize < 1 || this.maxBatchSize > 500) {
      throw new RangeError("ctxlog: maxBatchSize must be an integer from 1 to 500");
    }
    this.flushIntervalMs = opts.flushIntervalMs ?? 200;
    this.maxBatchBytes = opts.maxBatchBytes ?? 4 * 1024 * 1024;
    this.maxQueueSize = opts.maxQueueSize ?? 10_000;
    this.whenFull = opts.whenFull ?? "wait";
    this.maxConcurrent = opts.maxConcurrentBatches ?? 4;
    this.maxRetries = opts.maxRetries ?? 10;
    this.baseDelayMs = opts.baseDelayMs ?? 250;
    this.maxDelayMs = opts.maxDelayMs ?? 30_000;
    this.keyPrefix = opts.idempotencyKeyPrefix ?? `ctxlog-${globalThis.crypto.randomUUID()}`;
    this.sleep = opts.sleep ?? sleepFor;
  }

  /** Contexts queued or being sent. */
  get pending(): number {
    return this.outstanding;
  }

  /**
   * Queues a context; resolves with its record once its batch is accepted. A rejection is also
   * reported by the next `flush()` / `close()`, so a caller that does not await each `log` still
   * learns of it (and Node sees no unhandled rejection).
   */
  async log(context: CreateContextInput): Promise<Context> {
    // salted once, here: a retried batch must send the very same body (its Idempotency-Key)
    const input = saltContext(context);
    if (this.closed) throw new ContextLoggerClosedError("ctxlog: log() after close()");
    while (this.outstanding >= this.maxQueueSize) {
      if (this.whenFull === "reject") {
        throw new ContextLoggerQueueFullError(`ctxlog: ${this.outstanding} contexts are already queued`);
      }
      await new Promise<void>((resolve) => this.roomWaiters.push(resolve));
      if (this.closed) throw new ContextLoggerClosedError("ctxlog: log() after close()");
    }
    const bytes = byteLength(JSON.stringify(input)) + 1;
    const record = new Promise<Context>((resolve, reject) => {
      this.queue.push({ input, bytes, at: Date.now(), resolve, reject });
    });
    this.queuedBytes += bytes;
    this.outstanding++;
    const tracked = record.then(
      () => undefined,
      (error: unknown) => void this.failures.push(error),
    );
    this.unsettled.add(tracked);
    void tracked.finally(() => this.unsettled.delete(tracked));
    if (this.queue.length >= this.maxBatchSize || this.queuedBytes >= this.maxBatchBytes) this.drain();
    else if (this.timer === undefined && this.inFlight < this.maxConcurrent) {
      this.timer = setTimeout(() => this.drain(), this.flushIntervalMs);
    }
    return record;
  }

  /** Sends everything queued now; resolves once all of it is settled (rejects if some was not accepted). */
  async flush(): Promise<void> {
    this.flushing++;
    try {
      this.drain();
      while (this.unsettled.size > 0) await Promise.all([...this.unsettled]);
    } finally {
      this.flushing--;
    }
    const failed = this.failures;
    this.failures = [];
    if (failed.length > 0) throw new ContextLoggerFlushError(failed);
  }

  /** Refuses further `log` calls, then flushes. */
  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.roomWaiters.splice(0)) wake();
    await this.flush();
  }

  private drain(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const now = Date.now();
    while (this.inFlight < this.maxConcurrent && this.queue.length > 0) {
      const oldest = this.queue[0] as Entry;
      const full = this.queue.length >= this.maxBatchSize || this.queuedBytes >= this.maxBatchBytes;
      if (!full && this.flushing === 0 && now - oldest.at < this.flushIntervalMs) break;
      this.send(this.takeBatch());
    }
    const oldest = this.queue[0];
    if (oldest && this.inFlight < this.maxConcurrent) {
      this.timer = setTimeout(() => this.drain(), Math.max(0, oldest.at + this.flushIntervalMs - now));
    }
  }

  private takeBatch(): Entry[] {
    let n = 0;
    let bytes = BATCH_ENVELOPE_BYTES;
    for (const entry of this.queue) {
      if (n >= this.maxBatchSize || (n > 0 && bytes + entry.bytes > this.maxBatchBytes)) break;
      bytes += entry.bytes;
      n++;
    }
    const batch = this.queue.splice(0, n);
    for (const entry of batch) this.queuedBytes -= entry.bytes;
    return batch;
  }

  private send(batch: Entry[]): void {
    const key = `${this.keyPrefix}-${++this.batchNumber}`;
    this.inFlight++;
    let settled = batch.length;
    this.createWithRetries(
      batch.map((entry) => entry.input),
      key,
    )
      .then(
        (records) => {
          batch.forEach((entry, i) => {
            const record = records[i];
            if (record) entry.resolve(record);
            else entry.reject(new CtxlogError(`ctxlog: the batch answer has no record for item ${i}`));
          });
        },
        (error: unknown) => {
          const bad = badItems(error, batch.length);
          if (bad === undefined) {
            for (const entry of batch) entry.reject(error);
            return;
          }
          // Only some items were refused: reject those; the others go back, first in line, and
          // leave in a new batch (another body, so another key).
          const retry = batch.filter((entry, i) => {
            if (!bad.has(i)) return true;
            entry.reject(error);
            return false;
          });
          settled = batch.length - retry.length;
          for (const entry of retry) this.queuedBytes += entry.bytes;
          this.queue.unshift(...retry);
        },
      )
      .finally(() => {
        this.inFlight--;
        this.outstanding -= settled;
        for (const wake of this.roomWaiters.splice(0)) wake();
        this.drain();
      });
  }

  private async createWithRetries(items: CreateContextInput[], idempotencyKey: string): Promise<Context[]> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.client.contexts.createMany(items, { idempotencyKey });
      } catch (error) {
        if (!isRetryable(error) || attempt >= this.maxRetries) throw error;
        const backoff = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** attempt);
        const retryAfter = error instanceof CtxlogApiError ? error.retryAfterMs : undefined;
        await this.sleep(retryAfter ?? Math.round(backoff / 2 + (Math.random() * backoff) / 2));
      }
    }
  }
}

function isRetryable(error: unknown): boolean {
  if (error instanceof CtxlogConnectionError) return true;
  return error instanceof CtxlogApiError && RETRYABLE_STATUSES.has(error.status);
}

/** The items a 400 names in `details[].index`, when it names some but not all of them. */
function badItems(error: unknown, size: number): Set<number> | undefined {
  if (!(error instanceof CtxlogApiError) || error.status !== 400 || !Array.isArray(error.details)) {
    return undefined;
  }
  const bad = new Set<number>();
  for (const detail of error.details as { index?: unknown }[]) {
    if (typeof detail?.index !== "number") return undefined;
    bad.add(detail.index);
  }
  return bad.size > 0 && bad.size < size ? bad : undefined;
}
