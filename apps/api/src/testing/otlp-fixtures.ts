// Test-only: OTLP requests as exporters send them, in both encodings, for the route's tests.
import { gzipSync } from "node:zlib";
import * as generated from "@opentelemetry/otlp-transformer/build/src/generated/root";

interface MessageType {
  fromObject(object: unknown): object;
  encode(message: object): { finish(): Uint8Array };
  decode(bytes: Uint8Array): object;
  toObject(message: object, options: Record<string, unknown>): Record<string, unknown>;
}
const { ExportTraceServiceRequest, ExportTraceServiceResponse } = (
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

/** An ExportTraceServiceResponse as an exporter reads it back. */
export function decodeTraceResponse(body: Uint8Array): Record<string, unknown> {
  return ExportTraceServiceResponse.toObject(ExportTraceServiceResponse.decode(body), { longs: String });
}

export interface TestSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name?: string;
  attributes?: Record<string, string | number | boolean>;
}

const value = (v: string | number | boolean) =>
  typeof v === "string"
    ? { stringValue: v }
    : typeof v === "boolean"
      ? { boolValue: v }
      : Number.isInteger(v)
        ? { intValue: String(v) }
        : { doubleValue: v };

const keyValues = (attrs: Record<string, string | number | boolean>) =>
  Object.entries(attrs).map(([key, v]) => ({ key, value: value(v) }));

/** An OTLP/JSON ExportTraceServiceRequest (hex ids, int64 as strings, enums as numbers). */
export function otlpJson(spans: TestSpan[], resource: Record<string, string> = { "service.name": "svc" }) {
  return {
    resourceSpans: [
      {
        resource: { attributes: keyValues(resource) },
        scopeSpans: [
          {
            scope: { name: "test-scope", version: "1.2.3" },
            spans: spans.map((s, i) => ({
              traceId: s.traceId,
              spanId: s.spanId,
              ...(s.parentSpanId ? { parentSpanId: s.parentSpanId } : {}),
              name: s.name ?? `span ${i}`,
              kind: 3,
              startTimeUnixNano: "1764201600000000000",
              endTimeUnixNano: "1764201600250000000",
              attributes: keyValues(s.attributes ?? {}),
              events: [
                { timeUnixNano: "1764201600100000000", name: "event", attributes: keyValues({ n: 1 }) },
              ],
              status: { code: 1 },
            })),
          },
        ],
      },
    ],
  };
}

const hexToBase64 = (hex: string) => Buffer.from(hex, "hex").toString("base64");

/** The same request as OTLP/protobuf bytes. */
export function otlpProtobuf(spans: TestSpan[], resource?: Record<string, string>): Buffer {
  const json = otlpJson(spans, resource);
  for (const rs of json.resourceSpans)
    for (const ss of rs.scopeSpans)
      for (const span of ss.spans as Record<string, unknown>[]) {
        for (const field of ["traceId", "spanId", "parentSpanId"]) {
          if (typeof span[field] === "string") span[field] = hexToBase64(span[field] as string);
        }
      }
  return Buffer.from(ExportTraceServiceRequest.encode(ExportTraceServiceRequest.fromObject(json)).finish());
}

export const gzip = (body: Buffer | string) => gzipSync(body);
