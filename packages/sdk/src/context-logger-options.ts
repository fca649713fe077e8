import { ContextTooLargeError, CtxlogApiError, CtxlogConnectionError } from "./errors";
import { encodeJson } from "./json-body";
import type { CreateContextInput } from "./types";

/** `{"contexts":[` … `]}` */
export const BATCH_ENVELOPE_BYTES = 16;
/** What POST /v1/contexts/batch takes. */
const MAX_BATCH_BODY_BYTES = 5 * 1024 * 1024;
const byteLength = (text: string): number =>
  typeof Buffer === "undefined" ? new TextEncoder().encode(text).length : Buffer.byteLength(text);

/**
 * The bytes a context takes in a batch (its JSON and a comma). Throws NotJsonError when it has no
 * JSON form, ContextTooLargeError when no batch could carry it.
 */
export function sentBytes(input: CreateContextInput): number {
  const bytes = byteLength(encodeJson(input)) + 1;
  if (bytes + BATCH_ENVELOPE_BYTES > MAX_BATCH_BODY_BYTES) {
    throw new ContextTooLargeError(
      `ctxlog: a context of ${bytes} bytes cannot fit the API's 5 MiB batch limit`,
      {
        size: bytes,
        limit: MAX_BATCH_BODY_BYTES - BATCH_ENVELOPE_BYTES,
      },
    );
  }
  return bytes;
}

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

/**
 * The error one item of a refused batch is rejected with: a ContextTooLargeError (the 400 as its
 * cause, `path` the item's own) when the batch route refused that item for its size (its detail's
 * code is PAYLOAD_TOO_LARGE), as `isTooLarge` reads a 413; else the batch's error itself.
 */
export function itemError(error: unknown, index: number): unknown {
  if (!(error instanceof CtxlogApiError) || error.status !== 400 || !Array.isArray(error.details))
    return error;
  const details = error.details as { index?: unknown; code?: unknown; path?: unknown; message?: unknown }[];
  const detail = details.find((d) => d?.index === index);
  if (detail?.code !== "PAYLOAD_TOO_LARGE") return error;
  const prefix = `contexts.${index}.`; // the path in the batch; the item's own is the rest
  const path = typeof detail.path === "string" ? detail.path : "";
  const message = typeof detail.message === "string" ? detail.message : "the context is too large";
  return new ContextTooLargeError(`ctxlog: ${message}`, {
    path: path.startsWith(prefix) ? path.slice(prefix.length) : path || undefined,
    cause: error,
  });
}
