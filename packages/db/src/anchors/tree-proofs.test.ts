// Integration: real PostgreSQL (a fresh database). A batch keeps its Merkle tree and its contexts
// keep no proof: the confirmation writes none into a row, and every reader reads a context's proof
// out of its anchor's tree (SQL ctxlog_merkle_proof, held here to core's buildMerkleTree proofs). A batch
// claimed before anchors kept their tree is given it by the data step anchor_trees.
import { buildMerkleLevels, buildMerkleTree, verifyMerkleProof } from "@ctxlog/core";
import type { Hex } from "viem";
import { keccak256, toHex } from "viem";
import { getContextWithAnchor } from "../contexts/get-context-proof";
import { ANCHOR_TREES } from "../data-steps/anchor-trees";
import { renderPayloads } from "../events/render-payloads";
import { bytesOfHex, hexOf } from "../hex-columns";
import { inSqlTransaction } from "../sql-transaction";
import { createTestDatabase, readContext, seedContexts, seedUser } from "../testing";
import {
  TEST_BLOCK_HASH as BLOCK,
  markAnchorMined,
  TEST_CONTEXT_SIGNER as SIGNER,
  TEST_ANCHOR_TARGET as TARGET,
} from "../testing/anchor-fixtures";
import { confirmAnchor } from "./confirm-anchor";
import { createAnchorBatch } from "./create-anchor-batch";

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase("ctxlog_tree_proofs_test");
});
afterAll(() => database.drop());

const leaves = (n: number): Hex[] => Array.from({ length: n }, (_, i) => keccak256(toHex(`leaf-${n}-${i}`)));

describe("ctxlog_merkle_proof", () => {
  it("reads out of the levels exactly the proof core reads, for every leaf of trees of many sizes", async () => {
    for (const n of [1, 2, 3, 5, 8, 13, 64, 100, 257]) {
      const { levels } = buildMerkleLevels(leaves(n));
      const { proofs } = buildMerkleTree(leaves(n));
      const rows = await database.db.$queryRaw<{ i: number; proof: Uint8Array }[]>`
        SELECT i, ctxlog_merkle_proof(${levels}, ${n}::int, i) AS proof FROM generate_series(0, ${n - 1}::int) AS i
         ORDER BY i`;
      expect(rows).toHaveLength(n);
      for (const { i, proof } of rows) {
        const nodes = Buffer.from(proof).toString("hex").match(/.{64}/g) ?? [];
        expect(nodes.map((h) => `0x${h}`)).toEqual(proofs[i]);
      }
    }
  });

  it("refuses a leaf outside the tree", async () => {
    const { levels } = buildMerkleLevels(leaves(3));
    await expect(database.db.$queryRaw`SELECT ctxlog_merkle_proof(${levels}, 3, 3)`).rejects.toThrow(
      /leaf 3 is not one of 3/,
    );
  });

  it("keeps the tree uncompressed, so a proof reads only the chunks that hold its nodes", async () => {
    const [row] = await database.db.$queryRaw<{ storage: string }[]>`
      SELECT attstorage::text AS storage FROM pg_attribute
       WHERE attrelid = 'anchors'::regclass AND attname = 'merkle_tree'`;
    expect(row?.storage).toBe("e");
  });
});

/**
 * Contexts as a database from before chained logs holds them: no sequence, no entry hash, never in
 * the transparency log. They are what is still anchored by a batch's own tree.
 */
async function seedUnlogged(
  db: typeof database.db,
  owner: Awaited<ReturnType<typeof seedUser>>,
  count: number,
) {
  const ids = await seedContexts(db, owner, { count, signerPrivateKey: SIGNER });
  await db.$executeRaw`UPDATE contexts SET sequence = NULL, prev_entry_hash = NULL, entry_hash = NULL
                        WHERE id = ANY(${ids}::text[])`;
  await db.$executeRaw`DELETE FROM tlog_queue WHERE id = ANY(${ids}::text[])`;
  return ids;
}

describe("a batch's tree (contexts logged before chained logs)", () => {
  it("is kept by the claim; the confirmation writes no proof (nor any row of contexts), and readers read it out of the tree", async () => {
    const db = database.db;
    const owner = await seedUser(db);
    const ids = await seedUnlogged(db, owner, 5);
    const batch = await createAnchorBatch(db, TARGET, ids);
    const anchorId = batch?.anchorId as string;
    const rowLeaves = (await Promise.all(ids.map((id) => readContext(db, id)))).map(
      (c) => (c.entryHash ?? c.contextHash) as Hex,
    );
    const anchor = await db.anchor.findUniqueOrThrow({ where: { id: anchorId } });
    expect(Buffer.from(anchor.merkleTree ?? []).equals(buildMerkleLevels(rowLeaves).levels)).toBe(true);

    await markAnchorMined(db, anchorId);
    expect(await confirmAnchor(db, anchorId, BLOCK, 3)).toEqual({ confirmed: 5 });
    // no proof in any row: the row is as the API wrote it, its batch and leaf in confirmed_contexts
    const stored = await db.context.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
    expect(stored.map((r) => [r.anchorId, r.failedAt, "merkleProof" in r])).toEqual(
      ids.map(() => [null, null, false]),
    );
    expect(
      await db.confirmedContext.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } }),
    ).toEqual(ids.map((id, i) => ({ id, anchorRef: anchor.ref, leafIndex: i })));
    expect((await readContext(db, ids[0] as string)).status).toBe("confirmed");

    const tree = buildMerkleTree(rowLeaves);
    const reader = { ...owner, scope: "all" as const };
    for (const [i, id] of ids.entries()) {
      const context = await readContext(db, id);
      expect(context.merkleProof).toEqual(tree.proofs[i]);
      expect(
        verifyMerkleProof(rowLeaves[i] as Hex, context.merkleProof as Hex[], hexOf(anchor.merkleRoot) as Hex),
      ).toBe(true);
      expect((await getContextWithAnchor(db, reader, id))?.merkleProof).toEqual(tree.proofs[i]);
    }

    // (an agent's export pages its log by sequence: contexts from before chained logs are no entry
    // of one; tree-head-anchors.test.ts reads the export's proofs)
    // the context.confirmed each receiver gets carries the proof, rendered from the tree
    const events = await db.outboxEvent.findMany({
      where: { contextId: { in: ids }, event: "context.confirmed" },
      orderBy: { id: "asc" },
    });
    expect(events.map((e) => e.contextId)).toEqual(ids);
    const rendered = await renderPayloads(db, events);
    for (const [i, event] of rendered.entries()) {
      const data = JSON.parse(event.payload).data;
      expect(data.proof).toMatchObject({
        leaf_index: i,
        merkle_proof: tree.proofs[i],
        merkle_root: hexOf(anchor.merkleRoot),
      });
    }
  });

  it("the data step anchor_trees gives a batch without its tree the one its leaves build", async () => {
    const db = database.db;
    const owner = await seedUser(db);
    const ids = await seedUnlogged(db, owner, 3);
    const anchorId = (await createAnchorBatch(db, TARGET, ids))?.anchorId as string;
    const kept = (await db.anchor.findUniqueOrThrow({ where: { id: anchorId } })).merkleTree;
    await db.$executeRaw`UPDATE anchors SET merkle_tree = NULL WHERE id = ${anchorId}`;
    await inSqlTransaction(db, (sql) => ANCHOR_TREES.run(sql, { keyring: null }));
    const after = (await db.anchor.findUniqueOrThrow({ where: { id: anchorId } })).merkleTree;
    expect(Buffer.from(after ?? []).equals(Buffer.from(kept ?? []))).toBe(true);
    await markAnchorMined(db, anchorId);
    expect(await confirmAnchor(db, anchorId, BLOCK, 3)).toEqual({ confirmed: 3 });
    expect((await readContext(db, ids[1] as string)).merkleProof).toHaveLength(2);
    // run again: nothing left to do
    await inSqlTransaction(db, (sql) => ANCHOR_TREES.run(sql, { keyring: null }));
  });

  it("the data step stops on a batch whose rows do not give its root, and leaves failed ones alone", async () => {
    const db = database.db;
    const owner = await seedUser(db);
    const ids = await seedUnlogged(db, owner, 2);
    const anchorId = (await createAnchorBatch(db, TARGET, ids))?.anchorId as string;
    await db.$executeRaw`UPDATE anchors SET merkle_tree = NULL, merkle_root = ${bytesOfHex(BLOCK)} WHERE id = ${anchorId}`;
    await expect(inSqlTransaction(db, (sql) => ANCHOR_TREES.run(sql, { keyring: null }))).rejects.toThrow(
      new RegExp(`anchor ${anchorId}: its 2 rows \\(of 2\\) do not give its root`),
    );
    await db.$executeRaw`UPDATE anchors SET status = 'failed' WHERE id = ${anchorId}`;
    await inSqlTransaction(db, (sql) => ANCHOR_TREES.run(sql, { keyring: null }));
    expect((await db.anchor.findUniqueOrThrow({ where: { id: anchorId } })).merkleTree).toBeNull();
  });
});
