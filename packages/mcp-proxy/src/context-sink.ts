import {
  type ContextLogger,
  ContextLoggerClosedError,
  ContextLoggerQueueFullError,
  ContextTooLargeError,
  type CreateContextInput,
  NotJsonError,
} from "@ctxlog/sdk";
import type { Diagnostics } from "./diagnostics";

/**
 * Where finished tool calls go: the ContextLogger, never awaited by the forwarding (a message is
 * passed on before its context is even queued, and ctxlog being slow or down changes nothing for
 * the client). Without a logger (no API key) contexts are dropped, as said once at start.
 */
export class ContextSink {
  /**
   * @param owned the proxy made the logger (from an API key), so it closes it; a caller's own
   *   logger is only flushed, and stays the caller's to close
   */
  constructor(
    private readonly logger: ContextLogger | undefined,
    private readonly diagnostics: Diagnostics,
    private readonly owned = true,
  ) {}

  emit(context: CreateContextInput): void {
    if (!this.logger) return;
    this.logger.log(context).catch((error: unknown) => {
      // refused before it was queued: onFailure never saw these, so say them here; the others
      // (refused by the API, unsent at exit) went to onFailure already
      if (
        error instanceof NotJsonError ||
        error instanceof ContextTooLargeError ||
        error instanceof ContextLoggerClosedError ||
        error instanceof ContextLoggerQueueFullError
      ) {
        this.diagnostics.contextNotLogged(context, error);
      }
    });
  }

  /**
   * Sends what is queued, waiting at most `timeoutMs`: the proxy's exit must not hang on ctxlog.
   * An owned logger then hands what is still unsent to onFailure at once, the proxy's stderr:
   * the proxy may end by a signal next (its server's), and then no exit hook would run.
   * `stop` cuts the wait short (as if timed out).
   */
  async drain(timeoutMs: number, stop?: AbortSignal): Promise<"drained" | "timed out"> {
    if (!this.logger) return "drained";
    const logger = this.logger;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<"timed out">((resolve) => {
      timer = setTimeout(() => resolve("timed out"), timeoutMs);
      if (stop?.aborted) resolve("timed out");
      stop?.addEventListener("abort", () => resolve("timed out"), { once: true });
    });
    const closed = (this.owned ? logger.close() : logger.flush()).then(
      () => "drained" as const,
      () => "drained" as const, // each failure reached onFailure already
    );
    try {
      const outcome = await Promise.race([closed, timeout]);
      // ContextLogger's own "the process is exiting now": every unsent context to onFailure
      if (outcome === "timed out" && this.owned) logger.exit();
      return outcome;
    } finally {
      clearTimeout(timer);
    }
  }
}
