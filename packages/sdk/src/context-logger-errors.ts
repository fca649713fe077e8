import { CtxlogError } from "./errors";

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

/**
 * A context the logger had accepted but not sent when the process exited (or when `exitTimeoutMs`
 * passed after the event loop ran out of other work): it went to `onFailure`, for the caller to keep.
 */
export class ContextLoggerUnsentError extends CtxlogError {
  override name = "ContextLoggerUnsentError";
}
