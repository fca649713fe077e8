import { contextErasedData, type DataErasedBy, idFloor, isPayloadTemplate } from "@ctxlog/core";
import { IN_FLIGHT_SQL } from "../anchors/in-flight-anchors";
import { recordEvents } from "../events/record-event";
import { Prisma } from "../generated/prisma/client";

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

/** What an Idempotency-Key record keeps of its request once the data in it is erased: no hash. */
const ERASED_REQUEST = "erased";

/** Fields of a stored JSON body that hold a context's data: nulled wherever the context appears. */
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
 * in the caller's transaction: canonical_data (the one copy of context_data and metadata) becomes NULL, and every
 * copy is scrubbed — stored event payloads (context.created carries the data), the receivers'
 * stored answers to their deliveries, and Idempotency-Key responses replayed byte for byte. Hashes, signature, log link, anchor and proof are
 * untouched. A context already erased is skipped (no second event). One `context.erased` per
 * context erased now.
 */
export async function eraseContextsData(
  tx: Prisma.TransactionClient,
  ids: readonly string[],
  by: Eraser,
  at: Date = new Date(),
): Promise<ErasedContext[]> {
  if (ids.length === 0) return [];
  // The chain worker builds a batch's context.created from its rows once the batch is out, under
  // the anchor's lock (taken first, as by every path that changes a batch). Holding the anchors
  // here too orders the two: either that event is recorded before (and scrubbed below), or it
  // reads the rows already erased. Never one copied from the data after it is scrubbed.
  await tx.$queryRaw`
    SELECT a.id FROM anchors a
     WHERE a.id IN (SELECT c.anchor_id FROM contexts c WHERE c.id = ANY (${[...ids]}::text[]))
        OR (${Prisma.raw(`a.${IN_FLIGHT_SQL}`)} AND a.context_ids && ${[...ids]}::text[])
     ORDER BY a.id
       FOR SHARE OF a`;
  const erased = await tx.$queryRaw<ErasedContext[]>`
    UPDATE contexts
       SET canonical_data = NULL,
           data_erased_at = ${at}, data_erased_by = ${eraserLabel(by)}
     WHERE id = ANY (${[...ids]}::text[]) AND data_erased_at IS NULL
    RETURNING id, user_id AS "userId", agent_id AS "agentId", ctxlog_hex(context_hash) AS "contextHash",
              sequence, ctxlog_hex(prev_entry_hash) AS "prevEntryHash", ctxlog_hex(entry_hash) AS "entryHash",
              created_at AS "createdAt"`;
  if (erased.length === 0) return [];
  await scrubCopies(tx, erased, at);
  await recordEvents(
    tx,
    erased.map((c) => ({
      userId: c.userId,
      event: "context.erased" as const,
      contextId: c.id,
      timestamp: at,
      data: contextErasedData(c, { at, by: by.kind as DataErasedBy }),
    })),
  );
  return erased;
}

async function scrubCopies(tx: Prisma.TransactionClient, erased: ErasedContext[], at: Date) {
  const iso = at.toISOString();
  const ids = new Set(erased.map((c) => c.id));
  const userIds = [...new Set(erased.map((c) => c.userId))];
  const since = new Date(Math.min(...erased.map((c) => c.createdAt.getTime())));
  // A context's events come after it: (user_id, id) bounds the scan from its creation onwards
  // (outbox_events has no index on context_id; the chain worker writes two events per context).
  const events = await tx.$queryRaw<{ id: string; event: string; payload: string }[]>`
    SELECT id, event, payload FROM outbox_events
     WHERE user_id = ANY (${userIds}::text[]) AND id >= ${idFloor("evt", since)}
       AND context_id = ANY (${[...ids]}::text[])
       FOR UPDATE`;
  // A template (event-references.ts) holds no data: it renders erased from now on. Payloads stored
  // whole (before templates) are rewritten.
  const rewritten = events.flatMap((e) => {
    if (isPayloadTemplate(e.payload)) return [];
    const envelope = JSON.parse(e.payload) as unknown;
    return scrubJson(envelope, ids, iso) ? [{ id: e.id, payload: JSON.stringify(envelope) }] : [];
  });
  const carriedData = events.filter((e) => isPayloadTemplate(e.payload) && e.event === "context.created");
  const sentData = [...rewritten, ...carriedData].map((e) => e.id);
  if (rewritten.length > 0) {
    await tx.$executeRaw`
      UPDATE outbox_events e SET payload = r.payload
        FROM unnest(${rewritten.map((r) => r.id)}::text[], ${rewritten.map((r) => r.payload)}::text[])
             AS r(id, payload)
       WHERE e.id = r.id`;
  }
  if (sentData.length > 0) {
    // what receivers answered to those deliveries may echo the payload: it goes with the data
    // (status, headers and timing stay; the attempt says its body was erased by being NULL)
    await tx.$executeRaw`
      UPDATE webhook_attempts SET response_body = NULL, response_body_truncated = NULL
       WHERE event_id = ANY (${sentData}::text[]) AND response_body IS NOT NULL`;
    // (a delivery's first attempt is in its row)
    await tx.$executeRaw`
      UPDATE webhook_deliveries SET first_response_body = NULL
       WHERE event_id = ANY (${sentData}::text[]) AND first_response_body IS NOT NULL`;
  }
  // Idempotency-Key answers live 24 h: a body naming the context is rewritten, and the request's
  // hash (an unsalted SHA-256 of the data, which guessing could reverse) is dropped, so the key
  // still cannot log the data twice but a replay is refused as another request (409).
  const patterns = [...ids].map((id) => `%"${id}"%`);
  const answers = await tx.$queryRaw<{ key_family_id: string; key: string; response_body: string }[]>`
    SELECT key_family_id, key, response_body FROM idempotency_keys
     WHERE user_id = ANY (${userIds}::text[]) AND response_body LIKE ANY (${patterns}::text[])
       FOR UPDATE`;
  for (const a of answers) {
    const body = JSON.parse(a.response_body) as unknown;
    if (!scrubJson(body, ids, iso)) continue;
    await tx.$executeRaw`
      UPDATE idempotency_keys SET response_body = ${JSON.stringify(body)}, request_hash = ${ERASED_REQUEST}
       WHERE key_family_id = ${a.key_family_id} AND key = ${a.key}`;
  }
}
