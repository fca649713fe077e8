/*
 * OTLP/protobuf through protobufjs and the code the OpenTelemetry project generated from the
 * official opentelemetry-proto definitions, shipped in @opentelemetry/otlp-transformer up to 0.215
 * (pinned: later versions serialize traces by hand and ship no decoder; 0.57's definitions predate
 * Span.flags, which would then be lost on the protobuf path only). A deep import: that package has
 * no exports map. No hand-written
 * wire decoding: protobufjs decodes (the hand-written scan in otlp-wire-scan.ts only finds and
 * counts the spans first), and `toObject` gives the lowerCamelCase object that
 * normaliseTraceRequest reads, with ids and bytes as base64 and 64-bit integers as decimal strings.
 */

interface MessageType {
  decode(reader: Uint8Array): object;
  toObject(message: object, options: Record<string, unknown>): Record<string, unknown>;
  fromObject(object: Record<string, unknown>): object;
  encode(message: object): { finish(): Uint8Array };
}

interface OtlpProto {
  collector: {
    trace: { v1: { ExportTraceServiceRequest: MessageType; ExportTraceServiceResponse: MessageType } };
  };
  trace: { v1: { Span: MessageType } };
  resource: { v1: { Resource: MessageType } };
  common: { v1: { InstrumentationScope: MessageType } };
}

let loaded: OtlpProto | undefined;
/**
 * The generated code, loaded on the first OTLP/protobuf request: 700 KB of JavaScript that every
 * API process (and every API test file) would otherwise compile at start whether or not it
 * receives a span.
 */
function proto(): OtlpProto {
  loaded ??= (
    require("@opentelemetry/otlp-transformer/build/src/generated/root") as {
      opentelemetry: { proto: OtlpProto };
    }
  ).opentelemetry.proto;
  return loaded;
}

const TO_OBJECT = { longs: String, bytes: String, enums: Number, defaults: false };
const decodeAs = (type: (p: OtlpProto) => MessageType) => (bytes: Uint8Array) => {
  const t = type(proto());
  return t.toObject(t.decode(bytes), TO_OBJECT);
};

/*
 * One span, resource or instrumentation scope, from its bytes inside a request (otlp-wire-scan.ts
 * finds them): the objects the whole request's decode would hold, in lowerCamelCase, ids and bytes
 * as base64, 64-bit integers as decimal strings (what normaliseTraceRequest reads).
 */
export const decodeSpan = decodeAs((p) => p.trace.v1.Span);
export const decodeResource = decodeAs((p) => p.resource.v1.Resource);
export const decodeScope = decodeAs((p) => p.common.v1.InstrumentationScope);

/** The ExportTraceServiceResponse, with partial_success only when spans were refused (OTLP says so). */
export function encodeTraceResponse(rejected: number, errorMessage: string): Buffer {
  const response = rejected === 0 ? {} : { partialSuccess: { rejectedSpans: rejected, errorMessage } };
  const type = proto().collector.trace.v1.ExportTraceServiceResponse;
  return Buffer.from(type.encode(type.fromObject(response)).finish());
}
