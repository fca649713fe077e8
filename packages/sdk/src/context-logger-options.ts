import { CtxlogApiError, CtxlogConnectionError } from "./errors";
import type { CreateContextInput } from "./types";

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
  /**
   * Called once for each context that is not accepted: refused by the API, out of retries, or
   * still unsent when the process ends (a `ContextLoggerUnsentError`), so the caller can keep it.
   */
  onFailure?: (context: CreateContextInput, error: unknown) => void;
  /**
   * Node: when nothing but this logger keeps the process alive, it flushes for at most this long
   * (default 30 s) before the unsent rest goes to `onFailure`; on process.exit() it goes there at once.
   */
  exitTimeoutMs?: number;
  /** Where the one line about contexts unsent at exit goes; default console.error. */
  log?: (message: string) => void;
  /** Test hook: how to wait between retries. */
  sleep?: (ms: number) => Promise<void>;
}

/** 429, 503 and their proxies' cousins, and dropped connections: sent again under the same key. */
const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);

export function isRetryable(error: unknown): boolean {
  if (error instanceof CtxlogConnectionError) return true;
  return error instanceof CtxlogApiError && RETRYABLE_STATUSES.has(error.status);
}

/** The items a 400 names in `details[].index`, when it names some but not all of them. */
export function badItems(error: unknown, size: number): Set<number> | undefined {
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
