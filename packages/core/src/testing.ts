// Test-only helpers, reached as `@ctxlog/core/testing` (index.ts does not export them, and the
// build leaves this file out).

export interface WaitForOptions {
  /** Give up after this long (default 10 s). */
  timeout?: number;
  /** Poll this often (default 25 ms). */
  interval?: number;
  /** What is awaited, for the timeout message; a function is called at the timeout (for counts). */
  what?: string | (() => string | Promise<string>);
}

/**
 * Polls `condition` until it returns a value that is neither undefined, null nor false, and returns
 * that value. A condition that throws is retried as well (so `expect` can be used inside); at the
 * timeout the last error is reported. Tests wait for what they expect with this, never with a
 * fixed sleep: a sleep is either too long or, on a loaded machine, too short.
 */
export async function waitFor<T>(
  condition: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  opts: WaitForOptions = {},
): Promise<T> {
  const timeout = opts.timeout ?? 10_000;
  const interval = opts.interval ?? 25;
  const deadline = Date.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await condition();
      if (value !== undefined && value !== null && value !== false) return value;
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const what = typeof opts.what === "function" ? await opts.what() : (opts.what ?? "condition");
      const cause = lastError instanceof Error ? `: ${lastError.message}` : "";
      throw new Error(`waitFor: ${what} not met within ${timeout} ms${cause}`, { cause: lastError });
    }
    await sleep(interval);
  }
}

/**
 * Lets time pass. Only for what must NOT happen within a while (a retry that must not come, a
 * lease that must run out); everything else waits for its condition with `waitFor`.
 */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
