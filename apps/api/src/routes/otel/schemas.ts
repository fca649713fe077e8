import { z } from "zod";
import type { ZodOpenApiContentObject } from "zod-openapi";
import { MAX_OTLP_BODY_BYTES, MAX_OTLP_GROUPS, MAX_OTLP_SPANS } from "./read-otlp-body";

const OTLP_SPEC = "https://opentelemetry.io/docs/specs/otlp/#otlphttp";

/** The OTLP/JSON request, as far as this document describes it: the OTLP specification owns the rest. */
const otlpJsonRequestSchema = z
  .looseObject({
    resourceSpans: z.array(z.looseObject({})).optional().meta({
      description: "ResourceSpans, as in the OTLP/JSON encoding (ids as hex, 64-bit integers as strings).",
    }),
  })
  .meta({
    id: "OtlpExportTraceServiceRequest",
    description: `An OTLP/JSON ExportTraceServiceRequest (${OTLP_SPEC}).`,
  });

export const otlpJsonResponseSchema = z
  .object({
    partialSuccess: z
      .object({
        rejectedSpans: z
          .string()
          .meta({ description: "How many spans were refused (an int64, as a decimal string)." }),
        errorMessage: z.string().meta({ description: "Why, per reason with its count of spans." }),
      })
      .optional()
      .meta({ description: "Present only when spans were refused; every other span was accepted." }),
  })
  .meta({ id: "OtlpExportTraceServiceResponse" });

const binary = (description: string) => ({
  schema: { type: "string" as const, format: "binary", description },
});

export const otlpRequestContent: ZodOpenApiContentObject = {
  "application/x-protobuf": binary("An ExportTraceServiceRequest in protobuf (opentelemetry-proto)."),
  "application/json": { schema: otlpJsonRequestSchema },
};

export const otlpResponseContent: ZodOpenApiContentObject = {
  "application/x-protobuf": binary(
    "An ExportTraceServiceResponse in protobuf; empty when every span was accepted.",
  ),
  "application/json": { schema: otlpJsonResponseSchema },
};

export const OTLP_BODY_RULES =
  `OTLP/HTTP: \`application/x-protobuf\` (binary) or \`application/json\` (OTLP/JSON), optionally with ` +
  `\`Content-Encoding: gzip\` or \`deflate\`; anything else is 415. At most ` +
  `${MAX_OTLP_BODY_BYTES / 1024 / 1024} MiB (${MAX_OTLP_BODY_BYTES} bytes) sent and after decompression, ` +
  `${MAX_OTLP_SPANS} spans and ${MAX_OTLP_GROUPS} resource and scope groups (else 413, found before ` +
  "decoding: docs/limits.md); a body " +
  "that does not decode as an ExportTraceServiceRequest is 400 (INVALID_JSON or VALIDATION_ERROR).";
