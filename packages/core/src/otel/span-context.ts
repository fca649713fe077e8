import type { NewContextInput } from "../new-context";
import type { NormalisedSpan } from "./normalise-spans";

/**
 * The context a span becomes: the whole normalised span as context_data, and its trace and span
 * ids in metadata (hashed too), which is what `GET /v1/contexts?trace_id=` and the dashboard's
 * trace view read.
 */
export function spanContextInput(span: NormalisedSpan, agentId: string): NewContextInput {
  return {
    agent_id: agentId,
    context_data: span,
    metadata: { trace_id: span.trace_id, span_id: span.span_id },
  };
}
