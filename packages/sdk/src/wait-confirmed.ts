import { ConfirmationTimeoutError } from "./errors";
import type { Context } from "./types";

export interface WaitConfirmedOptions {
  /** How long to wait in all; default 120 s. Then ConfirmationTimeoutError. */
  timeoutMs?: number;
  /** Cancels the wait (its reason is thrown). */
  signal?: AbortSignal;
  /** First pause between two reads; default 500 ms, then ×1.5 each time up to `maxIntervalMs`. */
  intervalMs?: number;
  /** Longest pause between two reads; default 5 s. */
  maxIntervalMs?: number;
}

const abortable = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener("abort", abort);
      resolve();
    }
    function abort() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener("abort", abort, { once: true });
  });

/**
 * Reads the context (`get`) until its status is final, pausing longer each time: the confirmed
 * or failed context. Past `timeoutMs` it throws ConfirmationTimeoutError, with the last status seen.
 */
export async function waitConfirmed(
  get: (signal?: AbortSignal) => Promise<Context>,
  contextId: string,
  opts: WaitConfirmedOptions = {},
): Promise<Context> {
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const maxInterval = opts.maxIntervalMs ?? 5_000;
  const deadline = Date.now() + timeoutMs;
  let interval = opts.intervalMs ?? 500;
  for (;;) {
    const context = await get(opts.signal);
    if (context.status !== "pending") return context;
    const left = deadline - Date.now();
    if (left <= 0) throw new ConfirmationTimeoutError(contextId, context.status, timeoutMs);
    await abortable(Math.min(interval, left), opts.signal);
    interval = Math.min(maxInterval, interval * 1.5);
  }
}
