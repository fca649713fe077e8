// Integration: real PostgreSQL. The migration that leaves a context's Merkle proof one source
// (20261129133000_one_proof_source: the data step anchor_trees, then contexts.merkle_proof dropped),
// applied to a database the previous version wrote: a batch confirmed before anchors kept their
// tree (its rows hold their own proofs), a batch claimed then and still in flight (mined, no tree),
// a failed one, and one confirmed since (its tree). After it, every confirmed context reads (GET
// proof's read, verification's) with the same leaf and proof it held, which verifies against its
// batch's root; the batch in flight confirms with valid proofs; the column is gone.
import { buildMerkleLevels, buildMerkleTree, verifyMerkleProof } from "@ctxlog/core";
import type { Hex } from "viem";
import { keccak256, toHex } from "viem";
import { createDb } from "../client";
import { getContextWithAnchor } from "../contexts/get-context-proof";
import { createUpgradeDatabase, type UpgradeDatabase } from "../testing/upgrade-database";
import { findAnchoredContexts } from "../verifications/find-anchored-contexts";
import { confirmAnchor } from "./confirm-anchor";

const MIGRATION = "20261129133000_one_proof_source";
let upgrade: UpgradeDatabase;
beforeAll(async () => {
  upgrade = await createUpgradeDatabase(MIGRATION, "proof_source");
});
afterAll(() => upgrade.drop());
const sql = <T>(text: string, values: unknown[] = []) => upgrade.sql<T>(text, values);

const leaf = (n: number) => keccak256(toHex(`context-${n}`));
const TX = `0x${"c3".repeat(32)}`;
// 32 bytes, as the node gives a block hash (migration 20261130031500_anchor_hashes_as_bytes stores its bytes)
const block = (n: number) => `0x${`b${n}`.repeat(32)}`;
const bytes = (nodes: readonly string[]) => Buffer.concat(nodes.map((h) => Buffer.from(h.slice(2), "hex")));

// anc_old: 5 contexts confirmed before anchors kept their tree; anc_live: 3 claimed then, mined;
// anc_fail: failed; anc_new: 2 confirmed since (its tree)
const BATCHES = {
  anc_old: { leaves: [1, 2, 3, 4, 5], status: "confirmed", block: block(0) },
  anc_live: { leaves: [6, 7, 8], status: "mined", block: block(1) },
  anc_fail: { leaves: [9], status: "failed", block: null },
  anc_new: { leaves: [10, 11], status: "confirmed", block: block(2) },
} as const;
const ctx = (n: number) => `ctx_${n.toString().padStart(2, "0")}`;

it("gives every batch its tree, drops the rows' proofs, and each context proves and verifies as before", async () => {
  await upgrade.migrateToBefore();
  await upgrade.seedOwner({ userId: "u1", keyId: "key_1", familyId: "fam_1" });
  const stored = new Map<string, { anchorId: string; leafIndex: number; proof: string[]; root: string }>();
  for (const [id, b] of Object.entries(BATCHES)) {
    const leaves = b.leaves.map(leaf);
    const tree = buildMerkleTree(leaves);
    const keepsTree = id === "anc_new";
    await sql(
      `INSERT INTO anchors (id, signer_address, chain_id, network, registry_address, merkle_root, context_count,
         context_ids, status, nonce, transaction_hash, block_number, block_hash, block_timestamp, gas_used,
         sent_at, mined_at, confirmations, confirmed_at, failed_at, updated_at, merkle_tree)
       VALUES ($1, '0xs', 31337, 'anvil', '0xr', $2, $3, $4, $5::"AnchorStatus", 0, $6, 40, $7, now(), 23850,
         now(), now(), CASE WHEN $5::text = 'confirmed' THEN 3 END, CASE WHEN $5::text = 'confirmed' THEN now() END,
         CASE WHEN $5::text = 'failed' THEN now() END, now(), $8)`,
      [
        id,
        tree.root,
        leaves.length,
        b.leaves.map(ctx),
        b.status,
        TX,
        b.block,
        keepsTree ? buildMerkleLevels(leaves).levels : null,
      ],
    );
    for (const [i, n] of b.leaves.entries()) {
      // the old form: a confirmed row of a batch without its tree holds its own proof
      const ownProof = b.status === "confirmed" && !keepsTree ? bytes(tree.proofs[i] as string[]) : null;
      await sql(
        `INSERT INTO contexts (id, user_id, api_key_id, key_family_id, agent_id, canonical_data, context_hash,
           signature, signer_address, network, estimated_confirmation, updated_at, created_at, anchor_id,
           merkle_proof, failed_at)
         VALUES ($1, 'u1', 'key_1', 'fam_1', 'a', '\\x007b7d', $2, '\\x00', '0x', 'anvil', now(), now(), now(),
           $3, $4, $5)`,
        [
          ctx(n),
          Buffer.from(leaves[i]?.slice(2) as string, "hex"),
          b.status === "failed" ? id : null,
          ownProof,
          b.status === "failed" ? new Date() : null,
        ],
      );
      if (b.status === "confirmed") {
        await sql("INSERT INTO confirmed_contexts (id, anchor_id, leaf_index) VALUES ($1, $2, $3)", [
          ctx(n),
          id,
          i,
        ]);
        stored.set(ctx(n), {
          anchorId: id,
          leafIndex: i,
          proof: tree.proofs[i] as string[],
          root: tree.root,
        });
      }
      if (b.status === "mined")
        await sql("INSERT INTO pending_contexts (id, user_id) VALUES ($1, 'u1')", [ctx(n)]);
    }
  }
  // the old form as it was: anc_old's rows hold their proofs, and no tree
  expect(
    await sql(`SELECT count(*)::int AS n FROM contexts WHERE merkle_proof IS NOT NULL AND anchor_id IS NULL`),
  ).toEqual([{ n: 5 }]);

  expect(await upgrade.migrateAll()).toEqual(expect.arrayContaining([MIGRATION]));

  const columns = await sql<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_name = 'contexts'`,
  );
  expect(columns.map((c) => c.column_name)).not.toEqual(expect.arrayContaining(["merkle_proof"]));
  // every batch that can give a proof has its tree; the failed one needs none
  expect(await sql(`SELECT id FROM anchors WHERE merkle_tree IS NULL ORDER BY id`)).toEqual([
    { id: "anc_fail" },
  ]);
  expect(await sql(`SELECT count(*)::int AS n FROM ctxlog_data_steps WHERE name = 'anchor_trees'`)).toEqual([
    { n: 1 },
  ]);

  const db = createDb(upgrade.url, { poolSize: 2 });
  try {
    const reader = { userId: "u1", keyFamilyId: "fam_1", scope: "all" as const };
    for (const [id, was] of stored) {
      // GET /v1/contexts/:id/proof reads this
      const read = await getContextWithAnchor(db, reader, id);
      expect({ id, leafIndex: read?.leafIndex, proof: read?.merkleProof }).toEqual({
        id,
        leafIndex: was.leafIndex,
        proof: was.proof,
      });
      expect(verifyMerkleProof(read?.contextHash as Hex, read?.merkleProof as Hex[], was.root as Hex)).toBe(
        true,
      );
      // verification by data finds it, with the same proof
      const [found] = await findAnchoredContexts(db, reader, read?.contextHash as string, TX);
      expect({ id, proof: found?.merkleProof }).toEqual({ id, proof: was.proof });
    }
    // a failed one shows no proof
    expect((await getContextWithAnchor(db, reader, ctx(9)))?.merkleProof).toEqual([]);

    // the batch claimed before trees, still in flight, confirms; its contexts prove against its root
    expect(await confirmAnchor(db, "anc_live", block(1), 3)).toEqual({ confirmed: 3 });
    const live = buildMerkleTree(BATCHES.anc_live.leaves.map(leaf));
    for (const [i, n] of BATCHES.anc_live.leaves.entries()) {
      const read = await getContextWithAnchor(db, reader, ctx(n));
      expect([read?.status, read?.leafIndex, read?.merkleProof]).toEqual(["confirmed", i, live.proofs[i]]);
    }
  } finally {
    await db.$disconnect();
  }
});
