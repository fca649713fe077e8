import { buildMerkleLevels, newId, parseCheckpoint, parseSignedNote } from "@ctxlog/core";
import { hexOf } from "../hex-columns";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction, type SqlRunner } from "../sql-transaction";
import { readPublishedCheckpoint } from "../tlog/witness-cosignatures";
import type { AnchorTarget } from "./anchor-target";
import { claimAnchorRow } from "./anchor-transitions";
import {
  claimIdsForBatchTree,
  claimLoggedIds,
  claimOldestForBatchTree,
  claimOldestLogged,
  takeClaimsLock,
} from "./create-anchor-batch.queries";
import { CLAIMS_LOCK_KEY, IN_FLIGHT_STATUSES } from "./in-flight-anchors";

export interface CreatedAnchorBatch {
  anchorId: string;
  contextIds: string[];
  merkleRoot: string;
  /** the transparency log's tree size anchored (null: the batch's own tree, of unlogged contexts) */
  treeSize: number | null;
}

/**
 * Which contexts a batch claims: the given ids, or the `oldest` pending ones in arrival order,
 * whoever's job named them.
 */
export type AnchorClaim = readonly string[] | { oldest: number };

// A claim writes no context row: a batch's contexts are its anchor's context_ids
// (context-transitions.ts writes a confirmed_contexts row for each when the batch is confirmed, or
// the failed row when it fails; no proof is written anywhere: the log's tiles or the batch's tree
// hold it, ctxlog_anchor_proof reads it).

/**
 * Claims contexts that are still pending and in no batch (the given ones, or the oldest) and
 * writes their anchor, in one transaction: the log's tree head (claimTreeHead), else the batch's
 * own tree (claimBatchTree). Claims are serialised by an advisory lock, so a context is never in
 * two live batches however many replicas claim at once. Contexts the log does not hold yet are not
 * claimed (the chain worker has its sequencer append them first). Contexts no version 4 bundle can
 * carry — logged before logs were chained (never in the log) or signed before receipts were their
 * signature (EIP-191) — are anchored when no other is left to claim, by their batch's own
 * sorted-pair tree, as before (bundle versions 1 and 2). Returns null when nothing was left to claim.
 */
export async function createAnchorBatch(
  db: DbOrTx,
  target: AnchorTarget,
  claim: AnchorClaim,
): Promise<CreatedAnchorBatch | null> {
  if ("oldest" in claim ? claim.oldest < 1 : claim.length === 0) return null;
  return inSqlTransaction(db, async (sql) => {
    await runQuery(takeClaimsLock, { key: CLAIMS_LOCK_KEY }, sql);
    return (await claimTreeHead(sql, target, claim)) ?? (await claimBatchTree(sql, target, claim));
  });
}

/**
 * The anchor of the transparency log's tree head (issue 43): pending contexts in no batch that the
 * log holds below its published checkpoint (the newest its witness policy is met for: what GET
 * /v1/tlog/checkpoint serves) and signed as receipts (EIP-712), the given ones or the oldest by log
 * index, in one anchor whose root and count are that checkpoint's root and tree size. No tree is
 * kept: a context's proof is its RFC 6962 inclusion proof at that size, read from the log's tiles
 * (ctxlog_log_proof), its leaf index its log index. Null when no checkpoint is published or it
 * covers no claimable context.
 */
async function claimTreeHead(sql: SqlRunner, target: AnchorTarget, claim: AnchorClaim) {
  const checkpoint = await readPublishedCheckpoint(sql);
  if (!checkpoint) return null;
  const head = parseCheckpoint(parseSignedNote(checkpoint.note).text);
  const inFlight = [...IN_FLIGHT_STATUSES];
  const treeSize = head.size;
  const rows =
    "oldest" in claim
      ? await runQuery(claimOldestLogged, { inFlight, treeSize, limit: claim.oldest }, sql)
      : await runQuery(claimLoggedIds, { inFlight, treeSize, ids: [...claim] }, sql);
  if (rows.length === 0) return null;
  const anchorId = newId("anc");
  const merkleRoot = hexOf(head.rootHash);
  const contextIds = rows.map((r) => r.id);
  await claimAnchorRow(sql, { id: anchorId, ...target, merkleRoot, contextIds, treeSize });
  return { anchorId, contextIds, merkleRoot, treeSize };
}

/** Contexts from before chained logs or receipts, in a batch anchored by its own sorted-pair tree. */
async function claimBatchTree(sql: SqlRunner, target: AnchorTarget, claim: AnchorClaim) {
  const inFlight = [...IN_FLIGHT_STATUSES];
  const rows =
    "oldest" in claim
      ? await runQuery(claimOldestForBatchTree, { inFlight, limit: claim.oldest }, sql)
      : await runQuery(claimIdsForBatchTree, { inFlight, ids: [...claim] }, sql);
  if (rows.length === 0) return null;
  const tree = buildMerkleLevels(rows.map((r) => hexOf(r.leaf) as `0x${string}`));
  const anchorId = newId("anc");
  const contextIds = rows.map((r) => r.id);
  // context_ids, in leaf order, is the batch: how its rows are found, and each one's leaf index.
  // Its tree below the root is kept whole: each context's proof is read out of it
  // (ctxlog_merkle_proof).
  await claimAnchorRow(sql, {
    id: anchorId,
    ...target,
    merkleRoot: tree.root,
    contextIds,
    merkleTree: tree.levels,
  });
  return { anchorId, contextIds, merkleRoot: tree.root, treeSize: null };
}
