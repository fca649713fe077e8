import { AppError } from "@ctxlog/core";
import type { RequestHandler } from "express";
import { hasBody, readBody } from "../../http/read-body";

/**
 * The largest OTLP request accepted, after decompression: 20 MiB, the OpenTelemetry Collector's
 * own default for its OTLP/HTTP receiver. The SDK's default batch (512 spans) of GenAI spans fits
 * with room (see bench/otel.js for the size of one). The bytes sent are held to the same limit.
 */
export const MAX_OTLP_BODY_BYTES = 20 * 1024 * 1024;
/** The most spans one request may carry (the SDK sends at most 512 by default). */
export const MAX_OTLP_SPANS = 1_000;
/** The most ResourceSpans and ScopeSpans together: every span in a group of its own, twice. */
export const MAX_OTLP_GROUPS = 2 * MAX_OTLP_SPANS;
/**
 * The most values (each field of a span, resource or scope, nested ones counted: attributes,
 * events, links and their values) one span, resource or scope may hold: one with more is refused
 * alone (partial_success) without being decoded. Decoding and normalising a span at this limit
 * takes ≤ ~45 ms at worst (measured: 10,922 distinct attributes with empty values, docs/limits.md),
 * under the event loop's 50 ms budget. SDK spans hold far fewer (128 attributes at most by default).
 */
export const MAX_OTLP_PIECE_VALUES = 32_768;
/** OTLP/JSON: the most values outside spans, resources and scopes (groups, schema URLs, unknown fields). */
export const MAX_OTLP_SKELETON_VALUES = 20_000;

export const OTLP_MEDIA_TYPES = ["application/x-protobuf", "application/json"] as const;
export type OtlpEncoding = "protobuf" | "json";

/** The request's encoding, which is also the response's (OTLP/HTTP). */
export function otlpEncodingOf(req: Parameters<RequestHandler>[0]): OtlpEncoding {
  return req.is("application/x-protobuf") ? "protobuf" : "json";
}

/**
 * OTLP/HTTP bodies: protobuf or JSON, read as raw bytes (read-body.ts), inflated first when sent
 * with Content-Encoding gzip or deflate: at most MAX_OTLP_BODY_BYTES sent and as many inflated,
 * inflating no further (`scanOtlpBody` then counts the spans). The media type and the encoding are
 * checked before the body is read: anything else is a 415.
 */
export function readOtlpBody(): RequestHandler[] {
  return [
    async (req, _res, next) => {
      if (!req.is([...OTLP_MEDIA_TYPES])) {
        throw new AppError(
          "UNSUPPORTED_MEDIA_TYPE",
          "Send OTLP as Content-Type: application/x-protobuf or application/json.",
        );
      }
      req.body = hasBody(req)
        ? await readBody(req, { maxSentBytes: MAX_OTLP_BODY_BYTES, maxInflatedBytes: MAX_OTLP_BODY_BYTES })
        : Buffer.alloc(0);
      next();
    },
  ];
}
