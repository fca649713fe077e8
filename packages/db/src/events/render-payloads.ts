import {
  decodeContextBody,
  decodeProof,
  isPayloadTemplate,
  type ReferencedAnchor,
  type ReferencedContext,
  renderStoredPayload,
} from "@ctxlog/core";
import { merkleProofSql } from "../anchors/tree-proofs";
import type { DbOrTx } from "../prisma-types";
import { prismaSql, type SqlRunner } from "../sql-transaction";

/**
 * What a template needs of its context and the batch it was confirmed in (see @ctxlog/core
 * event-references), as columns of `c` (contexts) and `a` (its anchor), joined by REFERENCED_JOINS.
 */
export const REFERENCED_COLUMNS = `c.agent_id, ctxlog_hex(c.context_hash) AS context_hash,
    ctxlog_hex(c.signature) AS signature, c.created_at, c.sequence,
    ctxlog_hex(c.prev_entry_hash) AS prev_entry_hash, ctxlog_hex(c.entry_hash) AS entry_hash,
    c.canonical_data, c.data_erased_at,
    ${merkleProofSql("m.leaf_index")} AS merkle_proof,
    m.leaf_index,
    a.id AS anchor_id, a.transaction_hash, a.block_number::text AS block_number, a.block_timestamp,
    a.confirmations, a.network, a.gas_used::text AS gas_used, a.confirmed_at, a.merkle_root, a.chain_id,
    a.registry_address`;
/**
 * A context's batch, after `contexts AS c`: the one it was confirmed in (confirmed_contexts, `m`),
 * else its row's (failed in).
 */
export const REFERENCED_JOINS = `LEFT JOIN confirmed_contexts AS m ON m.id = c.id
      LEFT JOIN anchors AS a ON a.id = COALESCE(m.anchor_id, c.anchor_id)`;
// one query for a page
const REFERENCED_SQL = `
  SELECT c.id, ${REFERENCED_COLUMNS}
    FROM contexts AS c ${REFERENCED_JOINS}
   WHERE c.id = ANY($1::text[])`;

/** REFERENCED_COLUMNS as a row (dates as Date or, through some drivers, text). */
export interface ReferencedRow {
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
  leaf_index: number | null;
  anchor_id: string | null;
  transaction_hash: string | null;
  block_number: string | null;
  block_timestamp: Date | string | null;
  confirmations: number | null;
  network: string | null;
  gas_used: string | null;
  confirmed_at: Date | string | null;
  merkle_root: string | null;
  chain_id: number | null;
  registry_address: string | null;
}

const dateOrNull = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/** The anchor columns of a row as a template's anchor (null: the context is in no batch of its own). */
function referencedAnchor(row: Omit<ReferencedRow, "id">): ReferencedAnchor | null {
  if (row.anchor_id === null) return null;
  return {
    transactionHash: row.transaction_hash,
    blockNumber: row.block_number === null ? null : BigInt(row.block_number),
    blockTimestamp: dateOrNull(row.block_timestamp),
    confirmations: row.confirmations,
    network: row.network ?? "",
    gasUsed: row.gas_used === null ? null : BigInt(row.gas_used),
    confirmedAt: dateOrNull(row.confirmed_at),
    merkleRoot: row.merkle_root ?? "",
    chainId: Number(row.chain_id),
    registryAddress: row.registry_address ?? "",
  };
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
    dataErasedAt: dateOrNull(row.data_erased_at),
    merkleProof: decodeProof(row.merkle_proof),
    leafIndex: row.leaf_index,
    anchor: referencedAnchor(row),
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
export async function renderPayloads<
  E extends { payload: string; contextId: string | null; createdAt: Date },
>(db: DbOrTx, events: readonly E[]): Promise<E[]> {
  const contexts = await referencedContexts(prismaSql(db), events);
  return events.map((e) =>
    isPayloadTemplate(e.payload)
      ? { ...e, payload: renderStoredPayload(e.payload, contexts.get(e.contextId ?? "") ?? null, e) }
      : e,
  );
}
