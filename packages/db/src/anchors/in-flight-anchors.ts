import { ANCHOR_IN_FLIGHT_STATUSES, decodeProof } from "@ctxlog/core";
import { ANCHOR_FIELDS, type AnchorOfContext, type AnchorView } from "../contexts/context-view";
import { type AnchorStatus, Prisma } from "../generated/prisma/client";
import { hexOf, hexOrNull } from "../hex-columns";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import {
  anchorViewsOf,
  type IAnchorViewsOfResult,
  inFlightAnchorsHolding,
  inFlightPlacements,
} from "./in-flight-anchors.queries";

/**
 * A batch is in flight from its claim until it is confirmed or fails (@ctxlog/core's lifecycle
 * table: every state but the final ones). Its contexts are its
 * `context_ids`: their rows are not written at the claim (each is written once, with its status,
 * when the batch ends), so while a batch is in flight this list is the only link between them.
 */
export const IN_FLIGHT_STATUSES: readonly AnchorStatus[] = ANCHOR_IN_FLIGHT_STATUSES;

/** The advisory lock (transaction-scoped) that makes claims take turns. */
export const CLAIMS_LOCK_KEY = 0x63_74_78_6c_6f_67; // "ctxlog"

/** Which batch in flight holds each of these contexts (those in none are left out). */
export async function findInFlightAnchorIds(
  db: DbOrTx,
  contextIds: readonly string[],
): Promise<Map<string, string>> {
  if (contextIds.length === 0) return new Map();
  const rows = await runQuery(
    inFlightAnchorsHolding,
    { inFlight: [...IN_FLIGHT_STATUSES], ids: [...contextIds] },
    sqlOf(db),
  );
  return new Map(rows.map((r) => [r.context_id, r.anchor_id]));
}

/** `readAnchors` for readers that show a context's chain fields (ANCHOR_FIELDS). */
export const readAnchorFields =
  (db: DbOrTx) =>
  async (ids: string[]): Promise<AnchorOfContext[]> =>
    (await readAnchorViews(db)(ids)).map(
      (anchor) =>
        Object.fromEntries(
          (Object.keys(ANCHOR_FIELDS) as (keyof typeof ANCHOR_FIELDS)[]).map((k) => [k, anchor[k]]),
        ) as AnchorOfContext,
    );

// Confirmed anchors, by client: a confirmed anchor never changes again (its block is deep enough,
// its depth is the one it was confirmed at), and most reads of a context — every one confirmed
// since migration 20261127164638 — read its anchor by id after finding it in confirmed_contexts.
const CONFIRMED_ANCHORS_KEPT = 4_096;
const confirmedAnchors = new WeakMap<object, Map<string, AnchorView>>();

/**
 * `readAnchors` for readers that show the whole anchor (but its context ids and tree). Confirmed
 * anchors are kept in memory once read (the newest CONFIRMED_ANCHORS_KEPT per client); others are
 * read every time.
 */
export const readAnchorViews =
  (db: DbOrTx) =>
  async (ids: string[]): Promise<AnchorView[]> => {
    const kept = confirmedAnchors.get(db) ?? new Map<string, AnchorView>();
    confirmedAnchors.set(db, kept);
    const known = ids.flatMap((id) => kept.get(id) ?? []);
    if (known.length === ids.length) return known;
    const read = (await runQuery(anchorViewsOf, { ids: ids.filter((id) => !kept.has(id)) }, sqlOf(db))).map(
      anchorViewOf,
    );
    for (const anchor of read) {
      if (anchor.status !== "confirmed") continue;
      if (kept.size >= CONFIRMED_ANCHORS_KEPT) kept.delete(kept.keys().next().value as string);
      kept.set(anchor.id, anchor);
    }
    return [...known, ...read];
  };

/**
 * A row of anchorViewsOf as Prisma's Anchor (its int8 and numeric columns read as text), its hashes
 * in 0x-hex.
 */
const anchorViewOf = (r: IAnchorViewsOfResult): AnchorView => ({
  id: r.id,
  signerAddress: r.signer_address,
  chainId: r.chain_id,
  network: r.network,
  registryAddress: r.registry_address,
  merkleRoot: hexOf(r.merkle_root),
  contextCount: r.context_count,
  treeSize: r.tree_size === null ? null : BigInt(r.tree_size),
  status: r.status,
  nonce: r.nonce,
  transactionHash: hexOrNull(r.transaction_hash),
  blockNumber: r.block_number === null ? null : BigInt(r.block_number),
  blockHash: hexOrNull(r.block_hash),
  blockTimestamp: r.block_timestamp,
  gasUsed: r.gas_used === null ? null : BigInt(r.gas_used),
  effectiveGasPrice: r.effective_gas_price === null ? null : new Prisma.Decimal(r.effective_gas_price),
  confirmations: r.confirmations,
  reverted: r.reverted,
  sendAttempts: r.send_attempts,
  nextAttemptAt: r.next_attempt_at,
  firstErrorAt: r.first_error_at,
  lastError: r.last_error,
  failureReason: r.failure_reason,
  sentAt: r.sent_at,
  minedAt: r.mined_at,
  confirmedAt: r.confirmed_at,
  failedAt: r.failed_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/**
 * Where each of these contexts sits in the batch in flight that holds it (`anchorOf`: its anchor
 * id): its leaf index (its place in the batch's context_ids) and its proof, read out of the batch's
 * tree as every proof is (ctxlog_merkle_proof). A row gets its leaf in confirmed_contexts only when
 * its batch is confirmed, so this is how a context in a batch in flight is placed (an export shows
 * it, for the audit to measure its depth). One query, only when some row needs it.
 */
export async function placeInFlight(
  db: DbOrTx,
  anchorOf: ReadonlyMap<string, string>,
): Promise<Map<string, { leafIndex: number; merkleProof: string[] }>> {
  if (anchorOf.size === 0) return new Map();
  const rows = await runQuery(
    inFlightPlacements,
    { anchorIds: [...new Set(anchorOf.values())], ids: [...anchorOf.keys()] },
    sqlOf(db),
  );
  return new Map(rows.map((r) => [r.id, { leafIndex: r.leaf_index, merkleProof: decodeProof(r.proof) }]));
}
