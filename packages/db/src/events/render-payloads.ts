import {
  decodeContextBody,
  decodeProof,
  isEventReference,
  type ReferencedAnchor,
  type ReferencedContext,
  renderStoredPayload,
} from "@ctxlog/core";
import { hexOf, hexOrNull } from "../hex-columns";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { type SqlRunner, sqlOf } from "../sql-transaction";
import { type IReferencedContextsOfResult, referencedContextsOf } from "./render-payloads.queries";

/**
 * A context as references read it: a row of the view ctxlog_context_references (migration
 * 20261130031500_anchor_hashes_as_bytes), which render-payloads.sql and the webhook worker's
 * load-delivery-targets.sql both select from. Its hashes and signature, and its batch's transaction
 * hash and root, are bytes (hexReferences turns them into 0x-hex).
 */
export type ReferencedRow = IReferencedContextsOfResult;

type HashColumn =
  | "context_hash"
  | "signature"
  | "prev_entry_hash"
  | "entry_hash"
  | "transaction_hash"
  | "merkle_root";

/** A row of the view with its hashes and signature as 0x-hex, as referencedContext reads it. */
export type ReferencedHexRow = Omit<ReferencedRow, HashColumn> & {
  context_hash: string;
  signature: string;
  prev_entry_hash: string | null;
  entry_hash: string | null;
  transaction_hash: string | null;
  merkle_root: string | null;
};

/** The view's row with its hashes and signature (bytes, as stored) as 0x-hex. */
export function hexReferences<R extends Omit<ReferencedRow, "id">>(row: R): Omit<ReferencedHexRow, "id"> {
  return {
    ...row,
    context_hash: hexOf(row.context_hash),
    signature: hexOf(row.signature),
    prev_entry_hash: hexOrNull(row.prev_entry_hash),
    entry_hash: hexOrNull(row.entry_hash),
    transaction_hash: hexOrNull(row.transaction_hash),
    merkle_root: hexOrNull(row.merkle_root),
  };
}

const dateOrNull = (value: Date | null): Date | null => (value === null ? null : new Date(value));

/** The anchor columns of a row as a reference's anchor (null: the context is in no batch of its own). */
function referencedAnchor(row: Omit<ReferencedHexRow, "id">): ReferencedAnchor | null {
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
    treeSize: row.tree_size === null ? null : Number(row.tree_size),
  };
}

/** A contexts row as a reference's context. */
export function referencedContext(row: Omit<ReferencedHexRow, "id">): ReferencedContext {
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

/** Contexts by id, as references read them (a page's in one query). */
export async function readReferencedContexts(
  sql: SqlRunner,
  ids: readonly string[],
): Promise<Map<string, ReferencedContext>> {
  if (ids.length === 0) return new Map();
  const rows = await runQuery(referencedContextsOf, { ids: [...new Set(ids)] }, sql);
  return new Map(rows.map((r) => [r.id, referencedContext(hexReferences(r))]));
}

/** The contexts the references among `events` name, by id. */
export function referencedContexts(
  sql: SqlRunner,
  events: readonly { payload: string; contextId: string | null }[],
): Promise<Map<string, ReferencedContext>> {
  return readReferencedContexts(
    sql,
    events.flatMap((e) => (e.contextId && isEventReference(e.payload) ? [e.contextId] : [])),
  );
}

/**
 * The bytes each stored event was (or will be) delivered as: references rendered from their
 * contexts, envelopes as stored. What GET /v1/events and a delivery's record show.
 */
export async function renderPayloads<
  E extends { payload: string; contextId: string | null; createdAt: Date },
>(db: DbOrTx, events: readonly E[]): Promise<E[]> {
  const contexts = await referencedContexts(sqlOf(db), events);
  return events.map((e) =>
    isEventReference(e.payload)
      ? { ...e, payload: renderStoredPayload(e.payload, contexts.get(e.contextId ?? "") ?? null, e) }
      : e,
  );
}
