import { API_ERROR_CODES, type ApiErrorCode } from "./types";

/** Base class of every error this SDK throws on purpose, so callers can catch them all at once. */
export class CtxlogError extends Error {
  override name = "CtxlogError";
}

/** Code used when an error response carries no `{"error":{"code"}}` envelope (e.g. a proxy's 502). */
export type UnknownErrorCode = "UNKNOWN_ERROR";

export interface ApiErrorInit {
  status: number;
  code: ApiErrorCode | UnknownErrorCode;
  message: string;
  requestId?: string | undefined;
  details?: unknown;
  retryAfterMs?: number | undefined;
  method: string;
  url: string;
}

/**
 * An HTTP error answered by the API. `code` is from the closed list, so callers branch on it
 * (`isApiError(err, "NOT_FOUND")`), never on the message, which may change.
 */
export class CtxlogApiError<
  C extends ApiErrorCode | UnknownErrorCode = ApiErrorCode | UnknownErrorCode,
> extends CtxlogError {
  override name = "CtxlogApiError";
  readonly status: number;
  readonly code: C;
  /** The `X-Request-Id` / `error.request_id`: quote it when reporting a problem. */
  readonly requestId: string | undefined;
  readonly details: unknown;
  /** From `Retry-After` on 429/503, in milliseconds. */
  readonly retryAfterMs: number | undefined;
  readonly method: string;
  readonly url: string;

  constructor(init: ApiErrorInit & { code: C }) {
    super(`${init.code} (${init.status}) on ${init.method} ${init.url}: ${init.message}`);
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.details = init.details;
    this.retryAfterMs = init.retryAfterMs;
    this.method = init.method;
    this.url = init.url;
  }
}

/** Type guard, optionally narrowed to one or more codes. */
export function isApiError<C extends ApiErrorCode | UnknownErrorCode>(
  error: unknown,
  ...codes: C[]
): error is CtxlogApiError<C> {
  if (!(error instanceof CtxlogApiError)) return false;
  return codes.length === 0 || (codes as string[]).includes(error.code);
}

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === "string" && (API_ERROR_CODES as readonly string[]).includes(value);
}

/** The request never got an HTTP answer (DNS, refused connection, reset, timeout), even after retries. */
export class CtxlogConnectionError extends CtxlogError {
  override name = "CtxlogConnectionError";
  constructor(
    message: string,
    readonly method: string,
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * verifyContext could not talk to the RPC endpoint at all. Distinct from a failed check: an
 * unreachable node proves nothing either way, so it must not be reported as "not verified".
 */
export class RpcUnreachableError extends CtxlogError {
  override name = "RpcUnreachableError";
  constructor(
    message: string,
    readonly rpcUrl: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export type WebhookVerificationFailure =
  | "missing_header"
  | "invalid_timestamp"
  | "timestamp_too_old"
  | "timestamp_too_new"
  | "invalid_signature"
  | "invalid_body";

/** verifyWebhook refused a delivery; answer it with 400 and do not process it. */
export class WebhookVerificationError extends CtxlogError {
  override name = "WebhookVerificationError";
  constructor(
    readonly reason: WebhookVerificationFailure,
    message: string,
  ) {
    super(message);
  }
}

/** waitConfirmed gave up: the context was still `status` (pending) after `timeoutMs`. */
export class ConfirmationTimeoutError extends CtxlogError {
  override name = "ConfirmationTimeoutError";
  constructor(
    readonly contextId: string,
    readonly status: string,
    readonly timeoutMs: number,
  ) {
    super(`ctxlog: context ${contextId} still ${status} after ${timeoutMs} ms`);
  }
}

/**
 * Data with no JSON form, refused before anything is sent: NaN or ±Infinity (JSON.stringify would
 * send null), a BigInt, a cycle, a lone UTF-16 surrogate, `undefined`/a function/a symbol in an
 * array (null again), a function or symbol member, an invalid Date, a Map or Set (sent as `{}`),
 * binary data (a Buffer or typed array). A valid Date is sent as its ISO string (its toJSON), as
 * other objects' toJSON results are. `path` names the value in the request body as the API's
 * `details[].path` does (`context_data.steps.2.at`; in a batch `contexts.1.context_data…`; from
 * ContextLogger.log the item's own `context_data…`); `reason` says what it is.
 */
export class NotJsonError extends CtxlogError {
  override name = "NotJsonError";
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`ctxlog: ${path || "the body"} is ${reason}, which has no JSON form; nothing was sent`);
  }
}

/**
 * A context too large for the API, found by the client: ContextLogger.log refuses one no batch
 * could carry (over 5 MiB: `size` and `limit` in bytes), and a logged context the batch route
 * refused for its size (a 400 whose item detail is PAYLOAD_TOO_LARGE; `path` such as
 * `context_data`, the 400 as `cause`). The API's own 413 stays a CtxlogApiError: test for every
 * "too big" at once with `isTooLarge(err)`.
 */
export class ContextTooLargeError extends CtxlogError {
  override name = "ContextTooLargeError";
  readonly path: string | undefined;
  readonly size: number | undefined;
  readonly limit: number | undefined;
  constructor(
    message: string,
    init: { path?: string | undefined; size?: number; limit?: number; cause?: unknown } = {},
  ) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.path = init.path;
    this.size = init.size;
    this.limit = init.limit;
  }
}

/**
 * Every "too big" at once: a ContextTooLargeError, or the API's 413 (a CtxlogApiError whose code is
 * PAYLOAD_TOO_LARGE). A predicate rather than a common class, as the 413 is a CtxlogApiError like
 * every other answer and a class has one parent.
 */
export function isTooLarge(
  error: unknown,
): error is ContextTooLargeError | CtxlogApiError<"PAYLOAD_TOO_LARGE"> {
  return error instanceof ContextTooLargeError || isApiError(error, "PAYLOAD_TOO_LARGE");
}
