import { type NormalisedSpan, planSpanAgents } from "@ctxlog/core";
import { type HeldSpan, pruneTraceAgents, readTraceAgents, takeExpiredHeldSpans } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { agentIdProblem, recordRefusals, refusalDetails } from "./refusals";
import {
  type SpanCandidate,
  type SpanProblem,
  spanCandidate,
  writeSpanContexts,
} from "./write-span-contexts";

// only a key that may write for every agent holds spans (write-spans.ts): its rules are a full key's
const HOLDER_RULES = { type: "full" as const, agentPatterns: [] };

/**
 * Held spans (all of one user) as the contexts they become now: under their trace's agent when one
 * is known by now, else under their own (service.name), or refused when that is not valid.
 */
export async function placeHeldSpans(
  db: ApiDeps["db"],
  userId: string,
  held: readonly HeldSpan[],
): Promise<{ candidates: SpanCandidate[]; problems: SpanProblem[] }> {
  const spans = held.map((h) => h.span as NormalisedSpan);
  const known = await readTraceAgents(
    db,
    userId,
    spans.map((s) => s.trace_id),
  );
  const { placements } = planSpanAgents(spans, known, { canHold: false });
  const candidates: SpanCandidate[] = [];
  const problems: SpanProblem[] = [];
  placements.forEach((placement, i) => {
    const span = spans[i] as NormalisedSpan;
    const { apiKeyId, keyFamilyId } = held[i] as HeldSpan;
    if (placement.kind === "refuse") {
      problems.push(agentIdProblem(span, placement));
    } else if (placement.kind === "write") {
      const made = spanCandidate(span, placement.agentId, HOLDER_RULES, { userId, apiKeyId, keyFamilyId });
      if ("input" in made) candidates.push(made);
      else problems.push({ ...made, ...refusalDetails(span) });
    }
  });
  return { candidates, problems };
}

/** Logs and counts spans refused after they were held: their export had already been answered. */
export async function reportLateRefusals(deps: ApiDeps, userId: string, problems: readonly SpanProblem[]) {
  if (problems.length === 0) return;
  await recordRefusals(deps, userId, problems);
  for (const p of problems) deps.metrics.otelSpansRejected.inc({ reason: p.kind }, 1);
  deps.logger.warn(
    { rejectedSpans: problems.length, reasons: problems.slice(0, 5).map((p) => p.reason) },
    "OTLP spans refused",
  );
}

/**
 * Writes the spans held past HOLD_SPAN_SECONDS, of every user: their trace's root never came (or
 * came too late). The API runs it every few seconds (main.ts); each export also does it for its user.
 */
export async function releaseExpiredHeldSpans(
  deps: ApiDeps,
  opts: { olderThanSeconds?: number } = {},
): Promise<number> {
  const held = await takeExpiredHeldSpans(deps.db, null, opts);
  const byUser = new Map<string, HeldSpan[]>();
  for (const h of held) byUser.set(h.userId, [...(byUser.get(h.userId) ?? []), h]);
  let written = 0;
  for (const [userId, spans] of byUser) {
    const { candidates, problems } = await placeHeldSpans(deps.db, userId, spans);
    await reportLateRefusals(deps, userId, problems);
    written += await writeSpanContexts(deps, userId, candidates);
  }
  await pruneTraceAgents(deps.db);
  return written;
}
