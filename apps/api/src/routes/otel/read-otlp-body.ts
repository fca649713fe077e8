import { AppError } from "@ctxlog/core";
import express, { type RequestHandler } from "express";

/**
 * The largest OTLP request accepted, after decompression: 20 MiB, the OpenTelemetry Collector's
 * own default for its OTLP/HTTP receiver. The SDK's default batch (512 spans) of GenAI spans fits
 * with room (see bench/otel.js for the size of one).
 */
export const MAX_OTLP_BODY_BYTES = 20 * 1024 * 1024;
/** The most spans one request may carry (the SDK sends at most 512 by default). */
export const MAX_OTLP_SPANS = 1_000;

export const OTLP_MEDIA_TYPES = ["application/x-protobuf", "application/json"] as const;
export type OtlpEncoding = "protobuf" | "json";

/** The request's encoding, which is also the response's (OTLP/HTTP). */
export function otlpEncodingOf(req: Parameters<RequestHandler>[0]): OtlpEncoding {
  return req.is("application/x-protobuf") ? "protobuf" : "json";
}

/**
 * OTLP/HTTP bodies: protobuf or JSON, read as raw bytes, inflated first when sent with
 * Content-Encoding gzip (or deflate), the limit counting the inflated bytes so a small compressed
 * body cannot expand without bound (`decodeOtlpBody` then makes them spans). The media type is
 * checked before the body is read: anything else is a 415.
 */
export function readOtlpBody(): RequestHandler[] {
  return [
    (req, _res, next) => {
      if (!req.is([...OTLP_MEDIA_TYPES])) {
        throw new AppError(
          "UNSUPPORTED_MEDIA_TYPE",
          "Send OTLP as Content-Type: application/x-protobuf or application/json.",
        );
      }
      next();
    },
    express.raw({ type: [...OTLP_MEDIA_TYPES], limit: MAX_OTLP_BODY_BYTES, inflate: true }),
  ];
}
