import { buildMerkleLevels, newId } from "@ctxlog/core";
import { hexOf } from "../hex-columns";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction } from "../sql-transaction";
import type { AnchorTarget } from "./anchor-target";
import { claimAnchorRow } from "./anchor-transitions";
import { claimOldestPending, claimPendingIds, takeClaimsLock } from "./create-anchor-batch.queries";
import { CLAIMS_LOCK_KEY, IN_FLIGHT_STATUSES } from "./in-flight-anchors";

export interface CreatedAnchorBatch {
  anchorId: string;
  contextIds: string[];
  merkleRoot: string;
}

/**
 * Which contexts a batch claims: the given ids, or the `oldest` pending ones in arrival order
 * (creation time, then id), whoever's job named them.
 */
export type AnchorClaim = readonly string[] | { oldest: number };

// The claim writes no context row: a batch's contexts are its anchor's context_ids
// (context-transitions.ts writes a confirmed_contexts row for each when the batch is confirmed, or
// the failed row when it fails; no proof is written anywhere but the tree).

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
    const ids = rows.map((r) => r.id);
    // context_ids, in leaf order, is the batch: how its rows are found, and each one's leaf index.
    // Its tree below the root is kept whole: each context's proof is read out of it
    // (ctxlog_merkle_proof).
    await claimAnchorRow(sql, {
      id: anchorId,
      ...target,
      merkleRoot: tree.root,
      contextIds: ids,
      merkleTree: tree.levels,
    });
    return { anchorId, contextIds: ids, merkleRoot: tree.root };
  });
}
