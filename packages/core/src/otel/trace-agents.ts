import { deriveAgentId } from "./derive-agent-id";
import type { NormalisedSpan } from "./normalise-spans";

/** What becomes of one span: written under an agent, held until its trace's agent is known, or refused. */
export type SpanPlacement =
  | { kind: "write"; agentId: string }
  | { kind: "hold" }
  | { kind: "refuse"; problem: string; suggestion?: string };

export interface SpanAgentPlan {
  /** one per span, in the spans' order */
  placements: SpanPlacement[];
  /** trace id → agent, for the traces whose agent these spans decided (not known before) */
  decided: Map<string, string>;
}

const isRoot = (span: NormalisedSpan) => span.parent_span_id === "";

/**
 * Which agent each span of an export is filed under, so that a trace lands in one agent log
 * (docs/opentelemetry.md, "Which agent a span belongs to"):
 *
 * - a span naming its agent explicitly (`ctxlog.agent_id`, on the span or its resource) is filed there;
 * - every other span is filed under its trace's agent: the one `known` (decided by an earlier
 *   export), else the one its root span derives, else the one the first span naming an agent
 *   (`gen_ai.agent.id` / `gen_ai.agent.name`) derives, in the export's order;
 * - a span of a trace whose agent is still unknown (a child exported before its root) is held when
 *   `canHold`, else filed under its own derived agent (service.name).
 *
 * A span whose own agent would be used but is not valid is refused with the reason.
 */
export function planSpanAgents(
  spans: readonly NormalisedSpan[],
  known: ReadonlyMap<string, string>,
  { canHold }: { canHold: boolean },
): SpanAgentPlan {
  const derived = spans.map(deriveAgentId);
  const traceAgent = new Map(known);
  const decided = new Map<string, string>();
  const decide = (i: number, eligible: boolean) => {
    const span = spans[i] as NormalisedSpan;
    const own = derived[i];
    if (!eligible || !own || !("agentId" in own) || traceAgent.has(span.trace_id)) return;
    traceAgent.set(span.trace_id, own.agentId);
    decided.set(span.trace_id, own.agentId);
  };
  // the root decides its trace, whichever span came first; else the first span naming an agent
  for (const [i, span] of spans.entries()) decide(i, isRoot(span));
  for (const i of spans.keys()) decide(i, derived[i]?.source === "named");

  const placements = spans.map((span, i): SpanPlacement => {
    const own = derived[i] as ReturnType<typeof deriveAgentId>;
    const ownPlacement = (): SpanPlacement =>
      "agentId" in own
        ? { kind: "write", agentId: own.agentId }
        : { kind: "refuse", problem: own.problem, ...(own.suggestion ? { suggestion: own.suggestion } : {}) };
    if (own.source === "explicit") return ownPlacement();
    const inherited = traceAgent.get(span.trace_id);
    if (inherited !== undefined) return { kind: "write", agentId: inherited };
    // a root or a naming span that decided nothing has an invalid id of its own
    if (isRoot(span) || own.source === "named" || !canHold) return ownPlacement();
    return { kind: "hold" };
  });
  return { placements, decided };
}
