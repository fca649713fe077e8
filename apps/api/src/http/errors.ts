import { AppError, ERROR_STATUS, isAppError } from "@ctxlog/core";
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
};

function toAppError(err: unknown): AppError {
  if (isAppError(err)) return err;
  const type = (err as { type?: unknown } | null)?.type;
  if (typeof type === "string" && BODY_ERRORS[type]) return BODY_ERRORS[type];
  if (isServiceUnavailable(err)) {
    return new AppError("SERVICE_UNAVAILABLE", "A backing service is unavailable; retry with backoff.", {
      cause: err,
    });
  }
  return new AppError("INTERNAL_ERROR", "Something went wrong on our side.", { cause: err });
}

/** The one place that writes error responses: `{ error: { code, message, request_id, details? } }`. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
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
  throw new AppError("NOT_FOUND", `No route for ${req.method} ${req.path}.`);
};
