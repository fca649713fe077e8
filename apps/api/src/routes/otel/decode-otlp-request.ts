import { isUtf8 } from "node:buffer";
import { AppError, normaliseTraceRequest, OtlpShapeError, type OtlpSpanItem } from "@ctxlog/core";
import type { RequestHandler } from "express";
import { decodeTraceRequest } from "./otlp-protobuf";
import { MAX_OTLP_SPANS, type OtlpEncoding, otlpEncodingOf } from "./read-otlp-body";

/**
 * The request body → its spans, normalised (one item per span, refused ones with their reason).
 * A body that does not decode as an ExportTraceServiceRequest is a 400, which exporters do not
 * retry; one with more than MAX_OTLP_SPANS spans is a 413.
 */
export function decodeOtlpRequest(body: unknown, encoding: OtlpEncoding): OtlpSpanItem[] {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
  let request: unknown;
  try {
    if (encoding === "protobuf") {
      request = decodeTraceRequest(bytes);
    } else {
      if (!isUtf8(bytes)) throw new AppError("INVALID_JSON", "The request body is not valid UTF-8.");
      request = bytes.length === 0 ? {} : JSON.parse(bytes.toString("utf8"));
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    // protobufjs' decode errors, JSON.parse's, or a stack overflow on hostile nesting
    throw encoding === "json"
      ? new AppError("INVALID_JSON", "The request body is not valid JSON.")
      : new AppError(
          "VALIDATION_ERROR",
          "The request body is not an OTLP ExportTraceServiceRequest in protobuf.",
        );
  }
  let items: OtlpSpanItem[];
  try {
    items = normaliseTraceRequest(request, encoding === "json" ? "hex" : "base64");
  } catch (err) {
    if (err instanceof OtlpShapeError) {
      throw new AppError(
        "VALIDATION_ERROR",
        `The body is not an OTLP ExportTraceServiceRequest: ${err.message}.`,
      );
    }
    if (err instanceof RangeError) {
      throw new AppError("VALIDATION_ERROR", "The request body is nested too deep.");
    }
    throw err;
  }
  if (items.length > MAX_OTLP_SPANS) {
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `The request carries ${items.length} spans; the limit is ${MAX_OTLP_SPANS} (the SDK sends 512 at most by default).`,
    );
  }
  return items;
}

/**
 * After readOtlpBody: `req.body` becomes the request's spans (OtlpSpanItem[]), so the rate limit
 * can charge one unit per span before the route runs (`otlpSpanCount`).
 */
export const decodeOtlpBody: RequestHandler = (req, _res, next) => {
  req.body = decodeOtlpRequest(req.body, otlpEncodingOf(req));
  next();
};

/** The spans of a body decodeOtlpBody decoded: the export's rate-limit cost. */
export function otlpSpanCount(body: unknown): number {
  return (body as OtlpSpanItem[]).length;
}
