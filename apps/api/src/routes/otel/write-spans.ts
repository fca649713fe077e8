import { type NormalisedSpan, type OtlpSpanItem, planSpanAgents } from "@ctxlog/core";
import {
  countHeldSpans,
  holdSpans,
  MAX_HELD_SPANS_PER_USER,
  readTraceAgents,
  recordTraceAgents,
  takeExpiredHeldSpans,
  takeHeldSpansOf,
} from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { AuthContext } from "../../http/request-context";
import { placeHeldSpans, reportLateRefusals } from "./held-spans";
import { agentIdProblem, recordRefusals, refusalDetails } from "./refusals";
import {
  type OtlpSpanRejection,
  type SpanCandidate,
  type SpanProblem,
  spanCandidate,
  writeSpanContexts,
} from "./write-span-contexts";

export { OTLP_SPAN_REJECTIONS, type OtlpSpanRejection } from "./write-span-contexts";

/** What the export's answer reports: spans refused, with a readable summary of why. */
export interface SpansWritten {
  accepted: number;
  written: number;
  /** spans held until their trace's agent is known (accepted, written later) */
  held: number;
  rejected: number;
  errorMessage: string;
  /** how many spans were refused for each kind of reason */
  rejectedBy: Partial<Record<OtlpSpanRejection, number>>;
}

/** Each distinct reason with how many spans it refused and a few of their ids, the first five reasons. */
function summarise(problems: SpanProblem[]): string {
  const byReason = new Map<string, string[]>();
  for (const { reason, spanId } of problems) {
    const ids = byReason.get(reason) ?? [];
    ids.push(spanId ?? "");
    byReason.set(reason, ids);
  }
  const parts = [...byReason].slice(0, 5).map(([reason, ids]) => {
    const named = ids.filter(Boolean).slice(0, 3);
    return `${ids.length} span(s): ${reason}${named.length ? ` (span ${named.join(", ")}${ids.length > 3 ? ", …" : ""})` : ""}`;
  });
  return parts.join("; ") + (byReason.size > 5 ? `; and ${byReason.size - 5} other reason(s)` : "");
}

/**
 * The agent of each span, one agent per trace (planSpanAgents): the trace's agent is read from
 * otel_trace_agents, and the traces this export decides are recorded there first, re-read after, so
 * that of two exports deciding one trace at once the first recorded wins for both.
 */
async function placeSpans(db: ApiDeps["db"], auth: AuthContext, spans: NormalisedSpan[]) {
  const traceIds = spans.map((s) => s.trace_id);
  // a restricted key's spans must match its agent patterns when received: they are never held
  const canHold = auth.type !== "restricted";
  const first = await readTraceAgents(db, auth.userId, traceIds);
  const plan = planSpanAgents(spans, first, { canHold });
  if (plan.decided.size === 0) return { placements: plan.placements, known: first };
  await recordTraceAgents(db, auth.userId, plan.decided);
  const known = await readTraceAgents(db, auth.userId, traceIds);
  return { placements: planSpanAgents(spans, known, { canHold }).placements, known };
}

/**
 * One OTLP export's spans become contexts: each span's agent decided (one per trace; a child whose
 * trace has no agent yet is held, see docs/opentelemetry.md), held to the rules of any new context
 * (sizes, JSON safety, a restricted key's agent patterns; the request was charged one rate-limit
 * unit per span as it was read), and written with the spans held for the traces whose agent is now
 * known and this user's spans held too long, in one write (write-span-contexts.ts). A span this user
 * already sent (same trace id and span id) is accepted and writes nothing.
 */
export async function writeSpans(
  deps: ApiDeps,
  auth: AuthContext,
  items: OtlpSpanItem[],
): Promise<SpansWritten> {
  const { db } = deps;
  const problems: SpanProblem[] = [];
  const spans: NormalisedSpan[] = [];
  for (const item of items) {
    if (item.problem !== undefined) problems.push({ kind: "decode", reason: item.problem });
    else spans.push(item.span);
  }
  const owner = { userId: auth.userId, apiKeyId: auth.keyId, keyFamilyId: auth.keyFamilyId };
  const { placements, known } = spans.length
    ? await placeSpans(db, auth, spans)
    : { placements: [], known: new Map<string, string>() };
  const holding = [...spans.keys()].filter((i) => placements[i]?.kind === "hold");
  if (holding.length > 0) {
    // bounded: past the cap, spans are filed under their own agent at once
    const room = Math.max(0, MAX_HELD_SPANS_PER_USER - (await countHeldSpans(db, auth.userId)));
    const overflow = holding.splice(room);
    const own = planSpanAgents(
      overflow.map((i) => spans[i] as NormalisedSpan),
      new Map(),
      { canHold: false },
    ).placements;
    overflow.forEach((spanIndex, i) => {
      placements[spanIndex] = own[i] as (typeof placements)[number];
    });
  }
  const toHold = holding.map((i) => spans[i] as NormalisedSpan);
  const candidates: SpanCandidate[] = [];
  spans.forEach((span, i) => {
    const placement = placements[i];
    if (placement?.kind === "refuse") {
      problems.push(agentIdProblem(span, placement));
    } else if (placement?.kind === "write") {
      const made = spanCandidate(span, placement.agentId, auth, owner);
      if ("input" in made) candidates.push(made);
      else problems.push({ ...made, ...refusalDetails(span) });
    }
  });
  await holdSpans(
    db,
    toHold.map((span) => ({ ...owner, traceId: span.trace_id, spanId: span.span_id, span })),
  );
  // spans held earlier for the traces placed now, and this user's held too long: written with these
  const released = [
    ...(await takeHeldSpansOf(db, auth.userId, [...known.keys()])),
    ...(await takeExpiredHeldSpans(db, auth.userId)),
  ];
  const late = released.length ? await placeHeldSpans(db, auth.userId, released) : null;
  if (late) await reportLateRefusals(deps, auth.userId, late.problems);

  await recordRefusals(deps, auth.userId, problems);
  const rejectedBy: SpansWritten["rejectedBy"] = {};
  for (const { kind } of problems) rejectedBy[kind] = (rejectedBy[kind] ?? 0) + 1;
  const written = await writeSpanContexts(deps, auth.userId, [
    ...candidates,
    ...(late?.candidates ?? []),
  ]).catch(async (err: unknown) => {
    // nothing was written: the spans taken from the hold go back to it
    await holdSpans(db, released).catch(() => undefined);
    throw err;
  });
  return {
    accepted: items.length - problems.length,
    written,
    held: toHold.length,
    rejected: problems.length,
    rejectedBy,
    errorMessage: summarise(problems),
  };
}
