import { buildMerkleLevels, newId } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { inSqlTransaction } from "../sql-transaction";
import type { AnchorTarget } from "./anchor-target";
import { claimAnchorRow } from "./anchor-transitions";
import { CLAIMS_LOCK_KEY, IN_FLIGHT_CONTEXT_IDS_SQL } from "./in-flight-anchors";

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

// Claims are taken one at a time per database (this transaction-scoped advisory lock): the next
// claim's statements start after the previous one committed, so they see its anchor and leave its
// contexts alone. The claim writes no context row: a batch's contexts are its anchor's context_ids
// (context-transitions.ts writes a confirmed_contexts row for each when the batch is confirmed, or
// the failed row when it fails; no proof is written anywhere but the tree). A chained context's leaf is its entry hash;
// one logged before logs were chained keeps its context_hash (proof bundle version 1).
const CLAIMS_LOCK_SQL = `SELECT 1 AS locked FROM pg_advisory_xact_lock(${CLAIMS_LOCK_KEY})`;
// The oldest pending contexts come from the queue (pending_contexts, by id: arrival order); those in
// a batch in flight (a few batches' worth at most; also those an earlier version's claim wrote into
// their rows, whose batches list them too) are skipped through one hashed list of their ids.
const CLAIM_OLDEST_SQL = `
  SELECT q.id, ctxlog_hex(COALESCE(c.entry_hash, c.context_hash)) AS leaf
  FROM pending_contexts AS q JOIN contexts AS c ON c.id = q.id
  WHERE q.id NOT IN (${IN_FLIGHT_CONTEXT_IDS_SQL})
  ORDER BY q.id
  LIMIT $1`;
const CLAIM_IDS_SQL = `
  SELECT q.id, ctxlog_hex(COALESCE(c.entry_hash, c.context_hash)) AS leaf
  FROM pending_contexts AS q JOIN contexts AS c ON c.id = q.id
  WHERE q.id = ANY($1::text[]) AND q.id NOT IN (${IN_FLIGHT_CONTEXT_IDS_SQL})
  ORDER BY q.id`;

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
    await sql(CLAIMS_LOCK_SQL);
    const rows =
      "oldest" in claim
        ? await sql<{ id: string; leaf: string }>(CLAIM_OLDEST_SQL, [claim.oldest])
        : await sql<{ id: string; leaf: string }>(CLAIM_IDS_SQL, [claim]);
    if (rows.length === 0) return null;

    const tree = buildMerkleLevels(rows.map((r) => r.leaf as `0x${string}`));
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
