import {
  buildNewContexts,
  deriveAgentId,
  findJsonHazard,
  type NewContextInput,
  type OtlpSpanItem,
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

interface Problem {
  kind: OtlpSpanRejection;
  reason: string;
  spanId?: string;
}

/** What the export's answer reports: spans refused, with a readable summary of why. */
export interface SpansWritten {
  accepted: number;
  written: number;
  rejected: number;
  errorMessage: string;
  /** how many spans were refused for each kind of reason */
  rejectedBy: Partial<Record<OtlpSpanRejection, number>>;
}

interface Candidate {
  key: string;
  traceId: string;
  spanId: string;
  input: NewContextInput;
  canonical: string;
}

/** Each distinct reason with how many spans it refused and a few of their ids, the first five reasons. */
function summarise(problems: Problem[]): string {
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
 * One OTLP export's spans become contexts: each span's agent_id derived, held to the rules of any
 * new context (sizes, JSON safety, a restricted key's agent patterns; the request was charged one
 * rate-limit unit per span as it was read), and written through the same writer as POST /v1/contexts/batch, all in one write with
 * one anchoring job. A span this user already sent (same trace id and span id) is accepted and
 * writes nothing: it is skipped when found, and claimed in otel_spans before its row is written,
 * so the same export arriving twice at once still writes each span once.
 */
export async function writeSpans(
  { env, signer, db, contextWriter, confirmationEstimate }: ApiDeps,
  auth: AuthContext,
  items: OtlpSpanItem[],
): Promise<SpansWritten> {
  const problems: Problem[] = [];
  const candidates = new Map<string, Candidate>();
  for (const item of items) {
    if (item.problem !== undefined) {
      problems.push({ kind: "decode", reason: item.problem });
      continue;
    }
    const { span } = item;
    const derived = deriveAgentId(span);
    if ("problem" in derived) {
      problems.push({ kind: "agent_id", reason: derived.problem, spanId: span.span_id });
      continue;
    }
    const input = spanContextInput(span, derived.agentId);
    const hazard = findJsonHazard(input.context_data, { maxDepth: MAX_JSON_DEPTH });
    if (hazard) {
      problems.push({ kind: "json", reason: `${hazard.path}: ${hazard.reason}`, spanId: span.span_id });
      continue;
    }
    const checked = findNewContextProblem(input, auth);
    if (checked.problem) {
      problems.push({ kind: "context", reason: checked.problem.message, spanId: span.span_id });
      continue;
    }
    const key = `${span.trace_id}/${span.span_id}`;
    // the same span twice in one export is one span
    if (!candidates.has(key)) {
      candidates.set(key, {
        key,
        traceId: span.trace_id,
        spanId: span.span_id,
        input,
        canonical: checked.canonical,
      });
    }
  }
  const rejectedBy: SpansWritten["rejectedBy"] = {};
  for (const { kind } of problems) rejectedBy[kind] = (rejectedBy[kind] ?? 0) + 1;
  const result = {
    accepted: items.length - problems.length,
    written: 0,
    rejected: problems.length,
    rejectedBy,
  };
  const errorMessage = summarise(problems);
  if (candidates.size === 0) return { ...result, errorMessage };

  const known = await findOtelSpans(db, auth.userId, [...candidates.values()]);
  const fresh = [...candidates.values()].filter((c) => !known.has(c.key));
  if (fresh.length === 0) return { ...result, errorMessage };

  const owner = { userId: auth.userId, apiKeyId: auth.keyId, keyFamilyId: auth.keyFamilyId };
  const rows = buildNewContexts(
    owner,
    fresh.map((c) => c.input),
    {
      signer,
      network: env.NETWORK_NAME,
      confirmationDelayMs: confirmationEstimate.delayMs(),
      canonical: fresh.map((c) => c.canonical),
    },
  );
  const claimed = await claimOtelSpans(
    db,
    auth.userId,
    fresh.map((c, i) => ({ traceId: c.traceId, spanId: c.spanId, contextId: rows[i]?.id ?? "" })),
  );
  const mine = rows.filter((row) => claimed.has(row.id));
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
  return { ...result, written: mine.length, errorMessage };
}
