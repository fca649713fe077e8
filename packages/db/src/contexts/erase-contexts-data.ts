import { contextErasedData, type DataErasedBy, idFloor } from "@ctxlog/core";
import { IN_FLIGHT_STATUSES } from "../anchors/in-flight-anchors";
import { insertOutboxRows, outboxRow } from "../events/record-event";
import { hexOf, hexOrNull } from "../hex-columns";
import { lockLogsAgainstHolds } from "../holds/erasure-guard";
import { runQuery } from "../run-query";
import type { SqlRunner } from "../sql-transaction";
import {
  eraseContextRows,
  lockAnswersNaming,
  rewriteAnswers,
  scrubAnsweredData,
  shareAnchorsOfContexts,
} from "./erase-contexts-data.queries";

/** Who erased: kept on the row (`data_erased_by`) and announced in `context.erased`. */
export type Eraser =
  | { kind: "api_key"; apiKeyId: string }
  | { kind: "dashboard"; accountId: string }
  | { kind: "retention" };

/** The row's `data_erased_by`: `key:<id>`, `account:<id>` (a dashboard session) or `retention`. */
export function eraserLabel(by: Eraser): string {
  if (by.kind === "api_key") return `key:${by.apiKeyId}`;
  if (by.kind === "dashboard") return `account:${by.accountId}`;
  return "retention";
}

/**
 * What an erasure request said beside who made it, kept on each row it erased
 * (`data_erasure_reason`, `data_erasure_overrode_retention`): its reason (at most 500 characters;
 * none from retention) and whether it overrode CONTEXT_DATA_MIN_RETENTION_DAYS.
 */
export interface ErasureNote {
  reason?: string | null;
  overrideRetention?: boolean;
}

export interface ErasedContext {
  id: string;
  userId: string;
  agentId: string;
  contextHash: string;
  sequence: number | null;
  prevEntryHash: string | null;
  entryHash: string | null;
  createdAt: Date;
}

/**
 * What an Idempotency-Key record keeps of its request once the data in it is erased: no hash, its
 * request_hash empty (no bytes), which no request's SHA-256 (32 bytes) equals.
 */
const ERASED_REQUEST = Buffer.alloc(0);

/** Fields of a stored answer that hold a context's data: nulled wherever the context appears. */
const DATA_FIELDS = ["context_data", "metadata"] as const;

/**
 * Nulls the data fields of every object in `value` that names one of `ids` (by `context_id`),
 * adding `data_erased_at` where the object is a context record (it has `status`). Returns whether
 * anything changed. Walks the whole body: a batch answer holds its records under `data`.
 */
function scrubJson(value: unknown, ids: ReadonlySet<string>, at: string): boolean {
  if (Array.isArray(value)) return value.map((v) => scrubJson(v, ids, at)).some(Boolean);
  if (value === null || typeof value !== "object") return false;
  const obj = value as Record<string, unknown>;
  let changed = false;
  if (typeof obj.context_id === "string" && ids.has(obj.context_id)) {
    for (const field of DATA_FIELDS) {
      if (field in obj && obj[field] !== null) {
        obj[field] = null;
        changed = true;
      }
    }
    if (changed && "status" in obj && "context_hash" in obj) obj.data_erased_at = at;
  }
  for (const child of Object.values(obj)) if (scrubJson(child, ids, at)) changed = true;
  return changed;
}

/**
 * Erases the data of `ids` (already locked by the caller, or about to be: the UPDATE locks them)
 * in the caller's transaction: canonical_data (the one copy of context_data and metadata) becomes
 * NULL, which their context.created events (references, event-references.ts) render from, so they
 * render without it from now on; and the copies elsewhere are scrubbed — the receivers' stored
 * answers to those events' deliveries, and Idempotency-Key responses replayed byte for byte.
 * Hashes, signature, log link, anchor and proof are untouched. A context already erased is skipped (no second event). One `context.erased` per
 * context erased now. A context of an agent under an active legal hold is skipped too, whoever
 * asks: the agents' logs are locked against a hold being placed first (holds/erasure-guard.sql).
 */
export async function eraseContextsData(
  sql: SqlRunner,
  ids: readonly string[],
  by: Eraser,
  at: Date = new Date(),
  note: ErasureNote = {},
): Promise<ErasedContext[]> {
  if (ids.length === 0) return [];
  // The chain worker builds a batch's context.created from its rows once the batch is out, under
  // the anchor's lock (taken first, as by every path that changes a batch). Holding the anchors
  // here too orders the two: either that event is recorded before (and what its deliveries were
  // answered is scrubbed below), or it is recorded after the erasure.
  await runQuery(shareAnchorsOfContexts, { ids: [...ids], inFlight: [...IN_FLIGHT_STATUSES] }, sql);
  await lockLogsAgainstHolds(sql, ids);
  const reason = note.reason ?? null;
  const overrodeRetention = note.overrideRetention === true;
  const erased = (
    await runQuery(
      eraseContextRows,
      { ids: [...ids], at, by: eraserLabel(by), reason, overrodeRetention },
      sql,
    )
  ).map(
    (r): ErasedContext => ({
      id: r.id,
      userId: r.user_id,
      agentId: r.agent_id,
      contextHash: hexOf(r.context_hash),
      sequence: r.sequence,
      prevEntryHash: hexOrNull(r.prev_entry_hash),
      entryHash: hexOrNull(r.entry_hash),
      createdAt: r.created_at,
    }),
  );
  if (erased.length === 0) return [];
  await scrubCopies(sql, erased, at);
  await insertOutboxRows(
    sql,
    erased.map((c) =>
      outboxRow({
        userId: c.userId,
        event: "context.erased",
        contextId: c.id,
        timestamp: at,
        data: contextErasedData(c, { at, by: by.kind as DataErasedBy, reason }),
      }),
    ),
  );
  return erased;
}

async function scrubCopies(sql: SqlRunner, erased: ErasedContext[], at: Date) {
  const iso = at.toISOString();
  const ids = new Set(erased.map((c) => c.id));
  const userIds = [...new Set(erased.map((c) => c.userId))];
  const since = new Date(Math.min(...erased.map((c) => c.createdAt.getTime())));
  // A context's events come after it: (user_id, id) bounds the scan from its creation onwards
  // (outbox_events has no index on context_id; the chain worker writes two events per context).
  // Its context.created is the one that carried the data (the others name the context alone), and
  // what receivers answered to its deliveries may echo the payload: it goes with the data (status,
  // headers and timing stay; the attempt says its body was erased by being NULL; a delivery's
  // first attempt is in its row).
  await runQuery(scrubAnsweredData, { userIds, ids: [...ids], since: idFloor("evt", since) }, sql);
  // Idempotency-Key answers live 24 h: a body naming the context is rewritten, and the request's
  // hash (an unsalted SHA-256 of the data, which guessing could reverse) is dropped, so the key
  // still cannot log the data twice but a replay is refused as another request (409).
  const patterns = [...ids].map((id) => `%"${id}"%`);
  const answers = await runQuery(lockAnswersNaming, { userIds, patterns }, sql);
  const rewritten = answers.flatMap((a) => {
    const body = JSON.parse(a.response_body) as unknown;
    return scrubJson(body, ids, iso) ? [{ ...a, response_body: JSON.stringify(body) }] : [];
  });
  if (rewritten.length === 0) return;
  await runQuery(
    rewriteAnswers,
    {
      keyFamilyIds: rewritten.map((a) => a.key_family_id),
      keys: rewritten.map((a) => a.key),
      bodies: rewritten.map((a) => a.response_body),
      requestHash: ERASED_REQUEST,
    },
    sql,
  );
}
