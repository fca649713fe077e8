import { buildMerkleLevels, newId, parseCheckpoint, parseSignedNote } from "@ctxlog/core";
import { hexOf } from "../hex-columns";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction, type SqlRunner } from "../sql-transaction";
import { readLatestCheckpoint } from "../tlog/read-log";
import type { AnchorTarget } from "./anchor-target";
import { claimAnchorRow } from "./anchor-transitions";
import {
  claimLoggedIds,
  claimOldestLogged,
  claimOldestPending,
  claimPendingIds,
  takeClaimsLock,
} from "./create-anchor-batch.queries";
import { CLAIMS_LOCK_KEY, IN_FLIGHT_STATUSES } from "./in-flight-anchors";

export interface CreatedAnchorBatch {
  anchorId: string;
  contextIds: string[];
  merkleRoot: string;
  /** the transparency log's tree size anchored (null: the batch's own tree) */
  treeSize: number | null;
}

/**
 * Which contexts a batch claims: the given ids, or the `oldest` pending ones in arrival order,
 * whoever's job named them.
 */
export type AnchorClaim = readonly string[] | { oldest: number };

// A claim writes no context row: a batch's contexts are its anchor's context_ids
// (context-transitions.ts writes a confirmed_contexts row for each when the batch is confirmed, or
// the failed row when it fails; no proof is written anywhere: the batch's tree or the log's tiles
// hold it, ctxlog_anchor_proof reads it).

/**
 * Claims contexts that are still pending and in no batch (the given ones, or the oldest), builds
 * their Merkle tree and writes the anchor (its root, its tree and its contexts in leaf order), in one
 * transaction of three statements whatever the batch's size. Claims are serialised by an advisory
 * lock, so a context is never in two live batches however many replicas claim at once. Returns
 * null when nothing was left to claim.
 */
export async function createAnchorBatch(
  db: DbOrTx,
  target: AnchorTarget,
  claim: AnchorClaim,
): Promise<CreatedAnchorBatch | null> {
  if ("oldest" in claim ? claim.oldest < 1 : claim.length === 0) return null;
  return inSqlTransaction(db, async (sql) => {
    await runQuery(takeClaimsLock, { key: CLAIMS_LOCK_KEY }, sql);
    const inFlight = [...IN_FLIGHT_STATUSES];
    const rows =
      "oldest" in claim
        ? await runQuery(claimOldestPending, { inFlight, limit: claim.oldest }, sql)
        : await runQuery(claimPendingIds, { inFlight, ids: [...claim] }, sql);
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
  });
}

/**
 * The anchor of the transparency log's tree head (issue 43): claims pending contexts in no batch
 * that the log holds below its newest checkpoint (the given ones, or the oldest by log index) and
 * writes one anchor whose root and count are that checkpoint's root and tree size. No tree is
 * kept: a context's proof is its RFC 6962 inclusion proof at that size, read from the log's tiles
 * (ctxlog_log_proof), its leaf index its log index. Serialised with createAnchorBatch's claims by
 * the same lock. Null when the log has no checkpoint or covers no claimable context.
 */
export async function createTreeHeadAnchor(
  db: DbOrTx,
  target: AnchorTarget,
  claim: AnchorClaim,
): Promise<CreatedAnchorBatch | null> {
  if ("oldest" in claim ? claim.oldest < 1 : claim.length === 0) return null;
  return inSqlTransaction(db, async (sql) => {
    await runQuery(takeClaimsLock, { key: CLAIMS_LOCK_KEY }, sql);
    return claimTreeHead(sql, target, claim);
  });
}

async function claimTreeHead(sql: SqlRunner, target: AnchorTarget, claim: AnchorClaim) {
  const checkpoint = await readLatestCheckpoint(sql);
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
  const merkleRoot = `0x${Buffer.from(head.rootHash).toString("hex")}`;
  const contextIds = rows.map((r) => r.id);
  await claimAnchorRow(sql, { id: anchorId, ...target, merkleRoot, contextIds, treeSize });
  return { anchorId, contextIds, merkleRoot, treeSize };
}
