import { AppError, ERROR_STATUS, type HttpErrorCode, isAppError } from "@ctxlog/core";
import type { ErrorRequestHandler, RequestHandler } from "express";
import { isServiceUnavailable } from "./unavailable";

/** body-parser's error types → our closed list of codes. */
const BODY_ERRORS: Record<string, AppError> = {
  "entity.parse.failed": new AppError("INVALID_JSON", "The request body is not valid JSON."),
  "entity.too.large": new AppError("PAYLOAD_TOO_LARGE", "The request body is too large."),
  "encoding.unsupported": new AppError("UNSUPPORTED_MEDIA_TYPE", "Unsupported content encoding."),
  "charset.unsupported": new AppError("UNSUPPORTED_MEDIA_TYPE", "Unsupported charset; send UTF-8 JSON."),
  "request.size.invalid": new AppError(
    "VALIDATION_ERROR",
    "The request body length does not match Content-Length.",
  ),
  "request.aborted": new AppError("VALIDATION_ERROR", "The request was aborted before its body was read."),
  "entity.utf8.invalid": new AppError("INVALID_JSON", "The request body is not valid UTF-8."),
};

/**
 * Any other error a framework or parser marks as the client's (a 4xx `status`/`statusCode`, as
 * http-errors does) keeps its meaning under our closed list; a status with no code of its own is
 * a VALIDATION_ERROR. The framework's message is never echoed: it may quote internals.
 */
const CLIENT_STATUS_CODES: Record<number, HttpErrorCode> = {
  401: "INVALID_API_KEY",
  403: "INSUFFICIENT_PERMISSIONS",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMIT_EXCEEDED",
};
const CLIENT_STATUS_MESSAGES: Partial<Record<HttpErrorCode, string>> = {
  INVALID_API_KEY: "The request is not authenticated.",
  INSUFFICIENT_PERMISSIONS: "The request is not allowed.",
  NOT_FOUND: "Not found.",
  CONFLICT: "The request conflicts with the current state.",
  PAYLOAD_TOO_LARGE: "The request is too large.",
  UNSUPPORTED_MEDIA_TYPE: "Unsupported media type; send UTF-8 JSON.",
  RATE_LIMIT_EXCEEDED: "Too many requests; retry later.",
};

function clientStatusOf(err: unknown): number | undefined {
  if (typeof err !== "object" || err === null) return undefined;
  const { status, statusCode } = err as { status?: unknown; statusCode?: unknown };
  const value = typeof status === "number" ? status : statusCode;
  return typeof value === "number" && Number.isInteger(value) && value >= 400 && value < 500
    ? value
    : undefined;
}

function clientError(err: unknown, status: number): AppError {
  // the router's URIError for a path parameter that is not valid percent-encoding (%zz, %E0%A4%A)
  if (err instanceof URIError) {
    return new AppError("VALIDATION_ERROR", "The request path is not valid percent-encoding.");
  }
  const code = CLIENT_STATUS_CODES[status] ?? "VALIDATION_ERROR";
  return new AppError(code, CLIENT_STATUS_MESSAGES[code] ?? "The request is malformed.");
}

function toAppError(err: unknown): AppError {
  if (isAppError(err)) return err;
  const type = (err as { type?: unknown } | null)?.type;
  if (typeof type === "string" && Object.hasOwn(BODY_ERRORS, type)) return BODY_ERRORS[type] as AppError;
  const clientStatus = clientStatusOf(err);
  if (clientStatus !== undefined) return clientError(err, clientStatus);
  if (isServiceUnavailable(err)) {
    return new AppError("SERVICE_UNAVAILABLE", "A backing service is unavailable; retry with backoff.", {
      cause: err,
    });
  }
  return new AppError("INTERNAL_ERROR", "Something went wrong on our side.", { cause: err });
}

/** The one place that writes error responses: `{ error: { code, message, request_id, details? } }`. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (res.locals.deadlinePassed && res.headersSent) {
    // request-deadline.ts answered 503 already: the route's late outcome (its answer, or its
    // failure) reaches no one
    req.log?.warn({ err, req: { id: req.id } }, "request ended after its deadline had answered");
    return;
  }
  const appError = toAppError(err);
  const status = ERROR_STATUS[appError.code as keyof typeof ERROR_STATUS] ?? 500;
  if (status >= 500) {
    req.log?.error({ err, code: appError.code, req: { id: req.id } }, "request failed");
  }
  if (res.headersSent) return;
  if (status === 503) res.setHeader("Retry-After", "1");
  res.status(status).json({
    error: {
      code: appError.code,
      message: appError.message,
      request_id: req.id,
      ...(appError.details === undefined ? {} : { details: appError.details }),
    },
  });
};

export const notFoundHandler: RequestHandler = (req) => {
  // baseUrl + path: inside the /v1 router req.path alone drops the prefix the client sent
  throw new AppError("NOT_FOUND", `No route for ${req.method} ${req.baseUrl}${req.path}.`);
};
