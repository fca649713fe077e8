import type { ContextsApi } from "./client";
import {
  ContextLoggerClosedError,
  ContextLoggerFlushError,
  ContextLoggerQueueFullError,
  ContextLoggerUnsentError,
} from "./context-logger-errors";
import {
  BATCH_ENVELOPE_BYTES,
  badItems,
  type ContextLoggerOptions,
  isRetryable,
  itemError,
  sentBytes,
} from "./context-logger-options";
import { CtxlogApiError, CtxlogError } from "./errors";
import { type ExitWatcher, unrefTimer, unwatchExit, watchExit } from "./logger-exit";
import { saltContext } from "./salt";
import type { CreateContextInput, CreatedContext } from "./types";

export {
  ContextLoggerClosedError,
  ContextLoggerFlushError,
  ContextLoggerQueueFullError,
  ContextLoggerUnsentError,
} from "./context-logger-errors";
export type { ContextLoggerOptions } from "./context-logger-options";

interface Entry {
  input: CreateContextInput;
  bytes: number;
  at: number;
  resolve: (context: CreatedContext) => void;
  reject: (error: unknown) => void;
  /** resolved or rejected: settled once, whoever comes first (the batch's answer or the exit) */
  done: boolean;
}

// unref'd: a logger waiting to retry never keeps the process alive by itself (see logger-exit.ts)
const sleepFor = (ms: number) => new Promise<void>((resolve) => unrefTimer(setTimeout(resolve, ms)));

/**
 * Sends contexts in batches for the caller: `log()` queues one and returns a promise of its record
 * (id, hash, signature, as POST /v1/contexts answers); batches leave at `maxBatchSize` contexts or
 * after `flushIntervalMs`, through POST /v1/contexts/batch, each under its own Idempotency-Key kept
 * across retries, so nothing is lost on a 429, 503 or dropped connection and nothing is written
 * twice. A batch refused for some of its items (400 with `details[].index`) rejects those and sends
 * the rest again. `flush()` and `close()` resolve once everything queued so far is settled. In Node,
 * contexts still unsent when the process ends go to `onFailure` (see `exitTimeoutMs`).
 *
 * ```ts
 * const logger = new ContextLogger(new CtxlogClient({ baseUrl, apiKey }));
 * const ctx = await logger.log({ agent_id: "planner-7", context_data: { step: 1 } });
 * await logger.close();
 * ```
 */
export class ContextLogger implements ExitWatcher {
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
  private readonly onFailure: ((context: CreateContextInput, error: unknown) => void) | undefined;
  private readonly exitTimeoutMs: number;
  private readonly logLine: (message: string) => void;

  private queue: Entry[] = [];
  private queuedBytes = 0;
  /** contexts queued or in a batch under way */
  private outstanding = 0;
  private inFlight = 0;
  private readonly batchesInFlight = new Set<Entry[]>();
  private exitDeadline: ReturnType<typeof setTimeout> | undefined;
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
    this.onFailure = opts.onFailure;
    this.exitTimeoutMs = opts.exitTimeoutMs ?? 30_000;
    this.logLine = opts.log ?? ((message) => console.error(message));
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
  async log(context: CreateContextInput): Promise<CreatedContext> {
    // salted once, here: a retried batch must send the very same body (its Idempotency-Key)
    const input = saltContext(context);
    // refused now, not in a batch: no JSON form (NotJsonError), or too big for any batch
    const bytes = sentBytes(input);
    if (this.closed) throw new ContextLoggerClosedError("ctxlog: log() after close()");
    while (this.outstanding >= this.maxQueueSize) {
      if (this.whenFull === "reject") {
        throw new ContextLoggerQueueFullError(`ctxlog: ${this.outstanding} contexts are already queued`);
      }
      await new Promise<void>((resolve) => this.roomWaiters.push(resolve));
      if (this.closed) throw new ContextLoggerClosedError("ctxlog: log() after close()");
    }
    const record = new Promise<CreatedContext>((resolve, reject) => {
      this.queue.push({ input, bytes, at: Date.now(), resolve, reject, done: false });
    });
    this.queuedBytes += bytes;
    if (this.outstanding++ === 0) watchExit(this);
    const tracked = record.then(
      () => undefined,
      (error: unknown) => void this.failures.push(error),
    );
    this.unsettled.add(tracked);
    void tracked.finally(() => this.unsettled.delete(tracked));
    if (this.queue.length >= this.maxBatchSize || this.queuedBytes >= this.maxBatchBytes) this.drain();
    else if (this.timer === undefined && this.inFlight < this.maxConcurrent) {
      this.timer = unrefTimer(setTimeout(() => this.drain(), this.flushIntervalMs));
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
      const wait = Math.max(0, oldest.at + this.flushIntervalMs - now);
      this.timer = unrefTimer(setTimeout(() => this.drain(), wait));
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
    this.batchesInFlight.add(batch);
    this.createWithRetries(
      batch.map((entry) => entry.input),
      key,
      batch,
    )
      .then(
        (records) => {
          batch.forEach((entry, i) => {
            const record = records[i];
            if (record) this.resolveEntry(entry, record);
            else
              this.rejectEntry(
                entry,
                new CtxlogError(`ctxlog: the batch answer has no record for item ${i}`),
              );
          });
        },
        (error: unknown) => {
          const bad = badItems(error, batch.length);
          if (bad === undefined) {
            batch.forEach((entry, i) => {
              this.rejectEntry(entry, itemError(error, i));
            });
            return;
          }
          // Only some items were refused: reject those; the others go back, first in line, and
          // leave in a new batch (another body, so another key).
          const retry = batch.filter((entry, i) => {
            if (!bad.has(i)) return !entry.done;
            this.rejectEntry(entry, itemError(error, i));
            return false;
          });
          for (const entry of retry) this.queuedBytes += entry.bytes;
          this.queue.unshift(...retry);
        },
      )
      .finally(() => {
        this.inFlight--;
        this.batchesInFlight.delete(batch);
        this.drain();
      });
  }

  private resolveEntry(entry: Entry, record: CreatedContext): void {
    if (this.settle(entry)) entry.resolve(record);
  }

  private rejectEntry(entry: Entry, error: unknown): void {
    if (!this.settle(entry)) return;
    entry.reject(error);
    try {
      this.onFailure?.(entry.input, error);
    } catch (thrown) {
      this.logLine(`ctxlog: onFailure threw: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
    }
  }

  /** Marks an entry settled (false when it already was) and gives its room back. */
  private settle(entry: Entry): boolean {
    if (entry.done) return false;
    entry.done = true;
    for (const wake of this.roomWaiters.splice(0)) wake();
    if (--this.outstanding === 0) {
      unwatchExit(this);
      if (this.exitDeadline !== undefined) clearTimeout(this.exitDeadline);
    }
    return true;
  }

  /** ExitWatcher: only this logger's timers are left, so the process is about to end: flush now. */
  beforeExit(): void {
    if (this.exitDeadline !== undefined) return;
    // not unref'd: it keeps the process alive while the flush retries, up to the deadline
    this.exitDeadline = setTimeout(
      () => this.abandon(`not sent within ${this.exitTimeoutMs} ms of the process's end`),
      this.exitTimeoutMs,
    );
    this.flush().catch(() => undefined); // each failure reached onFailure already
  }

  /** ExitWatcher: the process is exiting now; nothing async runs any more. */
  exit(): void {
    this.abandon("the process exited before they were sent");
  }

  /** Every unsent context, queued or in a batch under way, to onFailure, with one line. */
  private abandon(reason: string): void {
    const unsent = [...this.queue, ...[...this.batchesInFlight].flat()].filter((entry) => !entry.done);
    this.queue = [];
    this.queuedBytes = 0;
    if (unsent.length === 0) return;
    this.logLine(`ctxlog: ${unsent.length} context(s) not sent (${reason}); each went to onFailure`);
    const error = new ContextLoggerUnsentError(`ctxlog: ${reason}`);
    for (const entry of unsent) this.rejectEntry(entry, error);
  }

  private async createWithRetries(
    items: CreateContextInput[],
    idempotencyKey: string,
    batch: Entry[],
  ): Promise<CreatedContext[]> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.client.contexts.createMany(items, { idempotencyKey });
      } catch (error) {
        // given up on (the process is ending): its entries are settled, so stop retrying
        const abandoned = batch.every((entry) => entry.done);
        if (abandoned || !isRetryable(error) || attempt >= this.maxRetries) throw error;
        const backoff = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** attempt);
        const retryAfter = error instanceof CtxlogApiError ? error.retryAfterMs : undefined;
        await this.sleep(retryAfter ?? Math.round(backoff / 2 + (Math.random() * backoff) / 2));
      }
    }
  }
}
