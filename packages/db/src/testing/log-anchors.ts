// Test-only: the transparency log and anchors as the chain worker makes them — contexts appended
// to the log (sequenceTestLog), batches claimed as the worker claims them (claimTestBatch), the
// batch trees every anchor was before (claimBatchTree), and the proofs a reader must give, built by
// @ctxlog/core from the entry hashes rather than read out of the tiles.
import {
  buildMerkleLevels,
  formatVerifierKey,
  leafHash,
  MemoryTree,
  newId,
  noteSigner,
  parseSignerKey,
  proveInclusion,
  verifyInclusion,
  verifyMerkleProof,
} from "@ctxlog/core";
import type { AnchorTarget } from "../anchors/anchor-target";
import { claimAnchorRow } from "../anchors/anchor-transitions";
import { type AnchorClaim, type CreatedAnchorBatch, createAnchorBatch } from "../anchors/create-anchor-batch";
import type { Db } from "../client";
import { bytesOfHex } from "../hex-columns";
import { inSqlTransaction } from "../sql-transaction";
import { growTree, tilesNeeded } from "../tlog/grow-tree";
import { publishLogVerifierKey } from "../tlog/read-log";
import { appendToLog } from "../tlog/sequence-log";

/** The development log key (.env.example's TLOG_SIGNING_KEY): tests' checkpoints are signed with it. */
export const TEST_TLOG_SIGNING_KEY =
  "PRIVATE+KEY+localhost/ctxlog-dev-tlog+a89cbd3f+Adex8PSEptx8l714xKQjxsUkOvYmIeDPxrU+53EmBz7F";

/**
 * Appends every queued context to the transparency log, as the chain worker's sequencer does
 * before it claims a batch: a test that anchors contexts by hand (createAnchorBatch) sequences them
 * first; its key is published first, as the sequencer publishes it. Returns the log's size after.
 */
export async function sequenceTestLog(db: Db): Promise<number> {
  const key = parseSignerKey(TEST_TLOG_SIGNING_KEY);
  await publishLogVerifierKey(db, formatVerifierKey(key));
  const signer = noteSigner(key);
  for (;;) {
    const result = await appendToLog(db, {
      limit: 16_384,
      tilesNeeded,
      grow: (input) => growTree(input, "localhost/ctxlog-dev-tlog", signer),
    });
    if (result.status === "busy") {
      await new Promise((r) => setTimeout(r, 20));
      continue;
    }
    if (result.status === "idle") return result.size;
  }
}

/**
 * Whether a confirmed context's proof reaches its anchor's root, as a verifier folds it: RFC 6962
 * (SHA-256) at its log index in the anchored tree of `treeSize` leaves for a tree head, the
 * sorted-pair keccak256 path of its batch's own tree otherwise.
 */
export function proofReachesRoot(
  context: { entryHash: string | null; contextHash: string; leafIndex: number | null; merkleProof: string[] },
  root: string,
  treeSize: number | bigint | null,
): boolean {
  if (treeSize === null) {
    return verifyMerkleProof(
      (context.entryHash ?? context.contextHash) as `0x${string}`,
      context.merkleProof as `0x${string}`[],
      root as `0x${string}`,
    );
  }
  if (context.entryHash === null || context.leafIndex === null) return false;
  try {
    verifyInclusion(
      context.leafIndex,
      Number(treeSize),
      leafHash(bytesOfHex(context.entryHash)),
      context.merkleProof.map(bytesOfHex),
      bytesOfHex(root),
    );
    return true;
  } catch {
    return false;
  }
}

/**
 * A batch claimed as the chain worker claims one: the queued contexts appended to the log first
 * (sequenceTestLog), then createAnchorBatch — the log's tree head for contexts the log holds.
 */
export async function claimTestBatch(
  db: Db,
  target: AnchorTarget,
  claim: AnchorClaim,
): Promise<CreatedAnchorBatch | null> {
  await sequenceTestLog(db);
  return createAnchorBatch(db, target, claim);
}

/**
 * A context's place in the log and its RFC 6962 inclusion proof in the tree of `treeSize` leaves,
 * computed by @ctxlog/core from the logged contexts' entry hashes (not read out of the tiles): what
 * a reader of a tree-head anchor's context must give.
 */
export async function expectedLogProof(
  db: Db,
  id: string,
  treeSize: number,
): Promise<{ leafIndex: number; proof: string[] }> {
  // each logged context's index, wherever it is held (ctxlog_log_index)
  const rows = await db.$queryRaw<{ id: string; entry_hash: Uint8Array }[]>`
    SELECT c.id, c.entry_hash FROM contexts AS c
      LEFT JOIN tlog_leaves AS l ON l.id = c.id
      LEFT JOIN confirmed_contexts AS m ON m.id = c.id
      LEFT JOIN anchors AS a ON a.ref = m.anchor_ref
     CROSS JOIN LATERAL (SELECT ctxlog_log_index(l.log_index, a.tree_size, m.leaf_index) AS log_index) AS i
     WHERE i.log_index < ${treeSize} ORDER BY i.log_index`;
  const tree = new MemoryTree();
  for (const r of rows) tree.append(new Uint8Array(r.entry_hash));
  const leafIndex = rows.findIndex((r) => r.id === id);
  if (leafIndex < 0) throw new Error(`${id} is not in the log's first ${treeSize} leaves`);
  const proof = proveInclusion(leafIndex, treeSize, (level, index) => tree.hashAt(level, index));
  return { leafIndex, proof: proof.map((h) => `0x${Buffer.from(h).toString("hex")}`) };
}

/**
 * A batch anchored by its own sorted-pair tree of its contexts' leaves (entry hashes, context hashes
 * before chaining), as every claim made it before anchors were the log's tree head: for tests of
 * what such anchors still give (proof bundle versions 1–3). Returns the anchor's id and root.
 */
export async function claimBatchTree(
  db: Db,
  target: AnchorTarget,
  ids: readonly string[],
): Promise<{ anchorId: string; merkleRoot: string }> {
  const rows = await db.$queryRaw<{ id: string; leaf: Uint8Array }[]>`
    SELECT id, COALESCE(entry_hash, context_hash) AS leaf FROM contexts
     WHERE id = ANY(${[...ids]}::text[]) ORDER BY id`;
  const tree = buildMerkleLevels(
    rows.map((r) => `0x${Buffer.from(r.leaf).toString("hex")}` as `0x${string}`),
  );
  const anchorId = newId("anc");
  await inSqlTransaction(db, (sql) =>
    claimAnchorRow(sql, {
      id: anchorId,
      ...target,
      merkleRoot: tree.root,
      contextIds: rows.map((r) => r.id),
      merkleTree: tree.levels,
    }),
  );
  return { anchorId, merkleRoot: tree.root };
}
