/**
 * The closed list of error codes. Codes that can answer an HTTP request carry their status here,
 * once; BLOCKCHAIN_ERROR only ever appears in `context.failed` events (the request that created
 * the context was answered long before), so it has no status and cannot be thrown as an AppError.
 */
export const ERROR_STATUS = Object.freeze({
  INVALID_API_KEY: 401,
  /** dashboard sign-in failed, or a sign-in link that is unknown, used or expired */
  INVALID_CREDENTIALS: 401,
  /** no dashboard session, or an expired or revoked one */
  INVALID_SESSION: 401,
  INSUFFICIENT_PERMISSIONS: 403,
  /** a cookie-authenticated state-changing request without its session's X-CSRF-Token */
  CSRF_TOKEN_INVALID: 403,
  RATE_LIMIT_EXCEEDED: 429,
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  NOT_FOUND: 404,
  CONFLICT: 409,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
}) satisfies Record<string, number>;

export type HttpErrorCode = keyof typeof ERROR_STATUS;

/** Codes that only travel inside webhook events. */
export const EVENT_ONLY_ERROR_CODES = ["BLOCKCHAIN_ERROR"] as const;
export type EventOnlyErrorCode = (typeof EVENT_ONLY_ERROR_CODES)[number];

export type ErrorCode = HttpErrorCode | EventOnlyErrorCode;

export const HTTP_ERROR_CODES = Object.freeze(Object.keys(ERROR_STATUS) as HttpErrorCode[]);
export const ERROR_CODES: readonly ErrorCode[] = Object.freeze([
  ...HTTP_ERROR_CODES,
  ...EVENT_ONLY_ERROR_CODES,
]);

export function isHttpErrorCode(value: unknown): value is HttpErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_STATUS, value);
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return isHttpErrorCode(value) || (EVENT_ONLY_ERROR_CODES as readonly unknown[]).includes(value);
}

// A registered symbol rather than `instanceof` alone: two copies of this module (a bundled app
// plus a linked workspace, or jest's per-file registries) must still recognise each other's errors.
const BRAND = Symbol.for("ctxlog.AppError");

export type AppErrorOptions = { details?: unknown; cause?: unknown };

export class AppError extends Error {
  override readonly name = "AppError";
  readonly code: HttpErrorCode;
  readonly status: number;
  declare readonly details?: unknown;

  constructor(code: HttpErrorCode, message: string, opts: AppErrorOptions = {}) {
    // Passing `cause` through ErrorOptions keeps the native chain that Node prints and that
    // error trackers walk, instead of a home-made field.
    super(message, "cause" in opts ? { cause: opts.cause } : undefined);
    this.code = code;
    this.status = ERROR_STATUS[code];
    // Only present when given, so a serializer can tell "no details" from "details: undefined".
    if ("details" in opts) Object.defineProperty(this, "details", { value: opts.details, enumerable: true });
    Object.defineProperty(this, BRAND, { value: true });
  }
}

export function isAppError(value: unknown): value is AppError {
  if (value instanceof AppError) return true;
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}
