import { ANCHOR_STATUSES, buildMerkleLevels } from "@ctxlog/core";
import { runQuery } from "../run-query";
import type { SqlRunner } from "../sql-transaction";
import { anchorLeavesWithoutTree, anchorsStillWithoutTree, keepAnchorTree } from "./anchor-trees.queries";
import type { DataStep } from "./data-step";

/**
 * Every batch that can give a proof — in flight or confirmed: all but the failed ones, whose
 * contexts show none — gets its Merkle tree (migration 20261127163924 kept it in the anchor from
 * then on; batches claimed earlier kept a copy of each proof in its context's row,
 * contexts.merkle_proof, which migration 20261129133000_one_proof_source then drops). The tree is
 * rebuilt from the batch's leaves — each context's entry hash, or context hash, which never change
 * and erasure keeps — in the batch's leaf order (anchors.context_ids, which migration
 * 20261127003100 gave every earlier batch from its rows' leaf indexes), and kept only if it gives
 * the batch's root, the one on chain. A batch whose rows do not give its root stops the upgrade,
 * naming it, before anything is dropped: its rows' own proofs would be the only ones left.
 */
const PROVABLE = ANCHOR_STATUSES.filter((s) => s !== "failed");
const PAGE = 100;

async function keepAnchorTrees(sql: SqlRunner): Promise<void> {
  let after = "";
  for (;;) {
    const page = await runQuery(anchorLeavesWithoutTree, { statuses: PROVABLE, after, limit: PAGE }, sql);
    for (const anchor of page) {
      const tree = buildMerkleLevels(anchor.leaves as `0x${string}`[]);
      if (anchor.leaves.length !== anchor.context_count || tree.root !== anchor.merkle_root?.toLowerCase())
        throw new Error(
          `anchor ${anchor.id}: its ${anchor.leaves.length} rows (of ${anchor.context_count}) do not give its root ${anchor.merkle_root}`,
        );
      await runQuery(keepAnchorTree, { id: anchor.id, tree: tree.levels }, sql);
    }
    const last = page[page.length - 1];
    if (!last || page.length < PAGE) break;
    after = last.id;
  }
  const left = await runQuery(anchorsStillWithoutTree, { statuses: PROVABLE }, sql);
  if (left.length > 0)
    throw new Error(
      `anchors without a tree whose rows could not be read: ${left.map((a) => a.id).join(", ")}`,
    );
}

export const ANCHOR_TREES: DataStep = {
  after: "20261129120744_context_status_defined",
  name: "anchor_trees",
  run: keepAnchorTrees,
};
