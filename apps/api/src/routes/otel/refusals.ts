import { type NormalisedSpan, validAgentIdLike } from "@ctxlog/core";
import { OTEL_REFUSALS_WINDOW_HOURS, readOtelRefusals, recordOtelRefusals } from "@ctxlog/db";
import { z } from "zod";
import type { ApiDeps } from "../../deps";
import type { NoSchemas, RouteHandler } from "../route-spec";
import { OTLP_SPAN_REJECTIONS, type SpanProblem } from "./write-span-contexts";

/** What to do about each reason, as the console shows it beside the count. */
export const REFUSAL_FIXES: Record<(typeof OTLP_SPAN_REJECTIONS)[number], string> = {
  agent_id:
    "Set a valid agent id: OTEL_RESOURCE_ATTRIBUTES=ctxlog.agent_id=<id> (letters, digits and . _ : @ / -), " +
    "or a service.name that is one.",
  decode:
    "The span is over a limit (nesting, values, ids): see docs/limits.md; send fewer or smaller attributes.",
  json: "A value cannot be stored as JSON (e.g. a \\u0000 in a string): drop or encode it.",
  context:
    "A rule of every context: the span is over 256 KiB, or the key may not write for that agent " +
    "(a restricted key's agent patterns).",
};

/** The service.name and the suggested agent id a refused span gives the console, where it has them. */
export function refusalDetails(span: NormalisedSpan): Pick<SpanProblem, "serviceName"> {
  const service = span.resource.attributes["service.name"];
  return typeof service === "string" ? { serviceName: service.slice(0, 200) } : {};
}

/** A span refused for its agent id: the problem of its placement, with what the console shows. */
export function agentIdProblem(
  span: NormalisedSpan,
  placement: { problem: string; suggestion?: string },
): SpanProblem {
  const { suggestion } = placement;
  return {
    kind: "agent_id",
    reason: placement.problem,
    spanId: span.span_id,
    ...refusalDetails(span),
    ...(suggestion ? { suggestion } : {}),
  };
}

/**
 * Records refused spans per reason for the console (otel_refusals, bounded per user): the latest
 * problem of each reason is its sample. A failure to record is logged, never the export's failure.
 */
export async function recordRefusals(deps: ApiDeps, userId: string, problems: readonly SpanProblem[]) {
  if (problems.length === 0) return;
  const byReason = new Map<string, { spans: number; last: SpanProblem }>();
  for (const p of problems) {
    byReason.set(p.kind, { spans: (byReason.get(p.kind)?.spans ?? 0) + 1, last: p });
  }
  const batches = [...byReason].map(([reason, { spans, last }]) => ({
    reason,
    spans,
    sample: last.reason,
    serviceName: last.serviceName ?? null,
    suggestedAgentId:
      last.suggestion ??
      (last.kind === "agent_id" && last.serviceName ? validAgentIdLike(last.serviceName) : null),
  }));
  await recordOtelRefusals(deps.db, userId, batches).catch((err: unknown) =>
    deps.logger.warn({ err }, "OTLP refusals not recorded"),
  );
}

export const otelRefusalsSchema = z
  .object({
    window_hours: z.int().meta({ description: "The window counted: about the last 24 hours (by the hour)." }),
    data: z.array(
      z
        .object({
          reason: z.enum(OTLP_SPAN_REJECTIONS).meta({
            description: "As the metric ctxlog_otel_spans_rejected_total's reason label.",
          }),
          spans: z.int().min(1).meta({ description: "Spans refused for this reason in the window." }),
          last_at: z.iso.datetime(),
          sample: z
            .string()
            .meta({ description: "The latest refusal's message, as partial_success gave it." }),
          service_name: z.string().nullable().meta({ description: "That span's service.name." }),
          suggested_agent_id: z
            .string()
            .nullable()
            .meta({ description: "A valid agent_id close to the invalid one, to set as ctxlog.agent_id." }),
          fix: z.string().meta({ description: "What to change." }),
        })
        .meta({ id: "OtelRefusal" }),
    ),
  })
  .meta({
    id: "OtelRefusals",
    description:
      "Spans refused at POST /v1/otel/v1/traces, per reason: exporters count a partial success as a " +
      "success, so this (and the API's log and metric) is where a refusal shows.",
  });

/** GET /v1/otel/refusals — the user's refused spans of about the last 24 hours, per reason. */
export function listOtelRefusals(deps: ApiDeps): RouteHandler<NoSchemas> {
  return async ({ auth, res }) => {
    const since = new Date(Date.now() - OTEL_REFUSALS_WINDOW_HOURS * 3_600_000);
    const rows = await readOtelRefusals(deps.db, auth.userId, since);
    res.json({
      window_hours: OTEL_REFUSALS_WINDOW_HOURS,
      data: rows.map((row) => ({
        reason: row.reason,
        spans: row.spans,
        last_at: row.lastAt.toISOString(),
        sample: row.sample,
        service_name: row.serviceName,
        suggested_agent_id: row.suggestedAgentId,
        fix: REFUSAL_FIXES[row.reason as keyof typeof REFUSAL_FIXES] ?? "",
      })),
    });
  };
}
