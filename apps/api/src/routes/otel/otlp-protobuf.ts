import * as generated from "@opentelemetry/otlp-transformer/build/src/generated/root";

/*
 * OTLP/protobuf through protobufjs and the code the OpenTelemetry project generated from the
 * official opentelemetry-proto definitions, shipped in @opentelemetry/otlp-transformer up to 0.215
 * (pinned: later versions serialize traces by hand and ship no decoder; 0.57's definitions predate
 * Span.flags, which would then be lost on the protobuf path only). A deep import: that package has
 * no exports map. No hand-written
 * wire parsing: protobufjs decodes, and `toObject` gives the lowerCamelCase object that
 * normaliseTraceRequest reads, with ids and bytes as base64 and 64-bit integers as decimal strings.
 */

interface MessageType {
  decode(reader: Uint8Array): object;
  toObject(message: object, options: Record<string, unknown>): Record<string, unknown>;
  fromObject(object: Record<string, unknown>): object;
  encode(message: object): { finish(): Uint8Array };
}

const traceV1 = (
  generated as unknown as {
    opentelemetry: {
      proto: {
        collector: {
          trace: { v1: { ExportTraceServiceRequest: MessageType; ExportTraceServiceResponse: MessageType } };
        };
      };
    };
  }
).opentelemetry.proto.collector.trace.v1;

/** Decodes an ExportTraceServiceRequest; throws on bytes that are not one. */
export function decodeTraceRequest(body: Uint8Array): Record<string, unknown> {
  const message = traceV1.ExportTraceServiceRequest.decode(body);
  return traceV1.ExportTraceServiceRequest.toObject(message, {
    longs: String,
    bytes: String,
    enums: Number,
    defaults: false,
  });
}

/** The ExportTraceServiceResponse, with partial_success only when spans were refused (OTLP says so). */
export function encodeTraceResponse(rejected: number, errorMessage: string): Buffer {
  const response = rejected === 0 ? {} : { partialSuccess: { rejectedSpans: rejected, errorMessage } };
  const message = traceV1.ExportTraceServiceResponse.fromObject(response);
  return Buffer.from(traceV1.ExportTraceServiceResponse.encode(message).finish());
}
