import { defineRoute, type RouteSpec } from "../route-spec";
import { decodeOtlpBody, otlpSpanCount, scanOtlpBody } from "./decode-otlp-request";
import { exportTraces } from "./export-traces";
import { MAX_OTLP_BODY_BYTES, readOtlpBody } from "./read-otlp-body";
import { listOtelRefusals, otelRefusalsSchema } from "./refusals";
import { OTLP_BODY_RULES, otlpRequestContent, otlpResponseContent } from "./schemas";

export const otelRoutes: RouteSpec[] = [
  defineRoute({
    method: "post",
    // so that OTEL_EXPORTER_OTLP_ENDPOINT=https://host/v1/otel works unchanged
    path: "/otel/v1/traces",
    operationId: "exportOtelTraces",
    summary: "OTLP/HTTP trace export: each span becomes a context",
    tag: "Contexts",
    permission: "contexts:create",
    maxBodyBytes: MAX_OTLP_BODY_BYTES,
    rawBody: {
      read: () => [...readOtlpBody(), scanOtlpBody],
      decode: () => [decodeOtlpBody],
      description: OTLP_BODY_RULES,
      content: otlpRequestContent,
      items: otlpSpanCount,
    },
    success: {
      status: 200,
      description:
        "An ExportTraceServiceResponse in the request's encoding. Every span becomes one context (its " +
        "whole span normalised as context_data, `trace_id` and `span_id` in metadata; agent_id from " +
        "`ctxlog.agent_id` on the span, then on the resource, then `gen_ai.agent.id`, then " +
        "`service.name`/`gen_ai.agent.name`, then `service.name`/`ai.telemetry.functionId` (the Vercel AI SDK), " +
        "then `service.name`; a trace belongs to one agent: a span without " +
        "`ctxlog.agent_id` takes its trace's, decided by its root or the first span naming an agent, and " +
        "one whose trace has none yet is held up to a minute for it), written as one batch with one anchoring " +
        "job. A span already sent by this user (same trace and span id) is accepted and writes nothing. " +
        "Spans refused (no or invalid agent id, an agent a restricted key may not write for, larger than " +
        "256 KiB, unusable ids) are counted in `partial_success`; the others are written. The export " +
        "costs one rate-limit unit per span; one larger than the units left is a 429 that writes nothing.",
      content: otlpResponseContent,
    },
    errors: [400, 403, 413, 415],
    handler: exportTraces,
  }),
  defineRoute({
    method: "get",
    path: "/otel/refusals",
    operationId: "listOtelRefusals",
    summary: "Spans refused at the OTLP endpoint in about the last 24 hours, per reason, with the fix",
    tag: "Agents",
    permission: "account:read",
    success: { status: 200, description: "The refusals, the most spans first", schema: otelRefusalsSchema },
    errors: [403],
    handler: listOtelRefusals,
  }),
];
