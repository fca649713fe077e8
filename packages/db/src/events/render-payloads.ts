import {
  decodeContextBody,
  decodeProof,
  isPayloadTemplate,
  type ReferencedContext,
  renderStoredPayload,
} from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { prismaSql, type SqlRunner } from "../sql-transaction";

// What a template needs of its context (see @ctxlog/core event-references): one query for a page.
const REFERENCED_SQL = `
  SELECT id, agent_id, context_hash, signature, created_at, sequence, prev_entry_hash, entry_hash,
    canonical_data, data_erased_at, merkle_proof
    FROM contexts WHERE id = ANY($1::text[])`;

interface ReferencedRow {
  id: string;
  agent_id: string;
  context_hash: string;
  signature: string;
  created_at: Date | string;
  sequence: number | null;
  prev_entry_hash: string | null;
  entry_hash: string | null;
  canonical_data: Uint8Array | null;
  data_erased_at: Date | string | null;
  merkle_proof: Uint8Array | null;
}

/** A contexts row as a template's context. */
export function referencedContext(row: Omit<ReferencedRow, "id">): ReferencedContext {
  const body = decodeContextBody(row.canonical_data);
  return {
    agentId: row.agent_id,
    contextHash: row.context_hash,
    signature: row.signature,
    createdAt: new Date(row.created_at),
    sequence: row.sequence,
    prevEntryHash: row.prev_entry_hash,
    entryHash: row.entry_hash,
    contextData: body.contextData,
    metadata: body.metadata,
    dataErasedAt: row.data_erased_at === null ? null : new Date(row.data_erased_at),
    merkleProof: decodeProof(row.merkle_proof),
  };
}

/** The contexts the templates among `events` name, by id. */
export async function referencedContexts(
  sql: SqlRunner,
  events: readonly { payload: string; contextId: string | null }[],
): Promise<Map<string, ReferencedContext>> {
  const ids = [
    ...new Set(events.flatMap((e) => (e.contextId && isPayloadTemplate(e.payload) ? [e.contextId] : []))),
  ];
  if (ids.length === 0) return new Map();
  const rows = await sql<ReferencedRow>(REFERENCED_SQL, [ids]);
  return new Map(rows.map((r) => [r.id, referencedContext(r)]));
}

/**
 * The bytes each stored event was (or will be) delivered as: templates completed from their
 * contexts, other payloads as stored. What GET /v1/events and a delivery's record show.
 */
export async function renderPayloads<E extends { payload: string; contextId: string | null }>(
  db: DbOrTx,
  events: readonly E[],
): Promise<E[]> {
  const contexts = await referencedContexts(prismaSql(db), events);
  return events.map((e) =>
    isPayloadTemplate(e.payload)
      ? { ...e, payload: renderStoredPayload(e.payload, contexts.get(e.contextId ?? "") ?? null) }
      : e,
  );
}
