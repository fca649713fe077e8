import {
  buildNewContexts,
  type ContextOwner,
  findJsonHazard,
  type NewContextInput,
  type NormalisedSpan,
  spanContextInput,
} from "@ctxlog/core";
import { claimOtelSpans, findOtelSpans, releaseOtelSpans } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { MAX_JSON_DEPTH } from "../../http/json-body";
import type { AuthContext } from "../../http/request-context";
import { findNewContextProblem } from "../contexts/check-new-context";

/**
 * Why a span was refused, as the metric's `reason` label (a closed list: bounded cardinality):
 * it could not be decoded within the limits, no valid agent id could be derived, its data is not
 * JSON ctxlog stores, or it breaks a rule of every new context (sizes, a restricted key's agents).
 */
export const OTLP_SPAN_REJECTIONS = ["decode", "agent_id", "json", "context"] as const;
export type OtlpSpanRejection = (typeof OTLP_SPAN_REJECTIONS)[number];

export interface SpanProblem {
  kind: OtlpSpanRejection;
  reason: string;
  spanId?: string;
  /** the refused span's service.name, and a valid agent id suggested for it (for the console) */
  serviceName?: string;
  suggestion?: string;
}

/** A span ready to be written: its context's input, canonical JSON, and the key that sent it. */
export interface SpanCandidate {
  key: string;
  traceId: string;
  spanId: string;
  input: NewContextInput;
  canonical: string;
  owner: ContextOwner;
}

/** A span as the context it becomes under `agentId`, or the rule of every context it breaks. */
export function spanCandidate(
  span: NormalisedSpan,
  agentId: string,
  auth: Pick<AuthContext, "type" | "agentPatterns">,
  owner: ContextOwner,
): SpanCandidate | SpanProblem {
  const input = spanContextInput(span, agentId);
  const hazard = findJsonHazard(input.context_data, { maxDepth: MAX_JSON_DEPTH });
  if (hazard) return { kind: "json", reason: `${hazard.path}: ${hazard.reason}`, spanId: span.span_id };
  const checked = findNewContextProblem(input, auth);
  if (checked.problem) return { kind: "context", reason: checked.problem.message, spanId: span.span_id };
  return {
    key: `${span.trace_id}/${span.span_id}`,
    traceId: span.trace_id,
    spanId: span.span_id,
    input,
    canonical: checked.canonical,
    owner,
  };
}

/**
 * Writes the spans not written before as contexts, through the same writer as POST
 * /v1/contexts/batch, in one write with one anchoring job; returns how many it wrote. Each span is
 * claimed in otel_spans before its row is written, so the same span sent twice at once is written
 * once; the claims of a write that failed are released, so a resend can write them.
 */
export async function writeSpanContexts(
  { env, signer, db, contextWriter, confirmationEstimate }: ApiDeps,
  userId: string,
  candidates: readonly SpanCandidate[],
): Promise<number> {
  const unique = [...new Map(candidates.map((c) => [c.key, c])).values()];
  if (unique.length === 0) return 0;
  const known = await findOtelSpans(db, userId, unique);
  const fresh = unique.filter((c) => !known.has(c.key));
  if (fresh.length === 0) return 0;

  const options = {
    signer,
    network: env.NETWORK_NAME,
    confirmationDelayMs: confirmationEstimate.delayMs(),
  };
  // one build per key that sent spans (held spans keep their sender's key), in the spans' order
  const byOwner = new Map<string, SpanCandidate[]>();
  for (const c of fresh) {
    const id = `${c.owner.apiKeyId}/${c.owner.keyFamilyId}`;
    byOwner.set(id, [...(byOwner.get(id) ?? []), c]);
  }
  const built = [...byOwner.values()].flatMap((group) => {
    const rows = buildNewContexts(
      group[0]?.owner as ContextOwner,
      group.map((c) => c.input),
      { ...options, canonical: group.map((c) => c.canonical) },
    );
    return group.map((c, i) => ({ c, row: rows[i] }));
  });
  const claimed = await claimOtelSpans(
    db,
    userId,
    built.map(({ c, row }) => ({ traceId: c.traceId, spanId: c.spanId, contextId: row?.id ?? "" })),
  );
  const mine = built.flatMap(({ row }) => (row && claimed.has(row.id) ? [row] : []));
  try {
    await contextWriter.write(mine);
  } catch (err) {
    // nothing of this write was committed: let the exporter's retry claim the spans again
    await releaseOtelSpans(
      db,
      mine.map((row) => row.id),
    ).catch(() => undefined);
    throw err;
  }
  return mine.length;
}
