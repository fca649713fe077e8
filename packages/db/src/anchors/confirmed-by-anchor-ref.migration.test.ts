// Integration: real PostgreSQL. The migration that names a confirmed context's anchor by its 4-byte
// ref (20261201040000_confirmed_contexts_name_their_anchor_by_ref: anchor_ref where the anchor's
// id was), applied to a database holding confirmed_contexts rows written before: contexts confirmed
// by the log's tree head and by a batch's own tree, one failed in a batch, one pending. Each reads
// the same through today's readers — its status and batch, its leaf and log index, its proof, the
// reference its events render from — and a context confirmed afterwards is placed as before. A row
// whose anchor does not exist stops the upgrade, naming it, and nothing is changed.
import { buildMerkleTree, CONFIRMED_REFERENCE } from "@ctxlog/core";
import type { Hex } from "viem";
import { createDb } from "../client";
import { readContextStates } from "../contexts/context-statuses";
import { renderPayloads } from "../events/render-payloads";
import { inSqlTransaction } from "../sql-transaction";
import { claimBatchTree, readContext, seedContexts, seedUser, sequenceTestLog } from "../testing";
import {
  TEST_BLOCK_HASH as BLOCK,
  markAnchorMined,
  TEST_CONTEXT_SIGNER as SIGNER,
  TEST_ANCHOR_TARGET as TARGET,
  TEST_TX_HASH as TX,
} from "../testing/anchor-fixtures";
import { withKeyFamilyFilled } from "../testing/lent-tables";
import { expectedLogProof } from "../testing/log-anchors";
import { createUpgradeDatabase, type UpgradeDatabase } from "../testing/upgrade-database";
import { readLogIndexes } from "../tlog/read-log";
import { confirmAnchorRowAt } from "./anchor-transitions";
import { confirmAnchor } from "./confirm-anchor";
import { createAnchorBatch } from "./create-anchor-batch";
import { failAnchor } from "./track-anchors";

const MIGRATION = "20261201040000_confirmed_contexts_name_their_anchor_by_ref";
const upgrades: UpgradeDatabase[] = [];
afterAll(() => Promise.all(upgrades.map((u) => u.drop())));

// The confirmation as the schema before the migration had it (context-transitions.sql's
// confirmBatchContexts, less its events): each context of the batch out of the queue, its batch
// named by id.
const CONFIRMED_BY_ID = `
WITH batch AS (
  SELECT b.id, CASE WHEN a.tree_size IS NULL THEN (b.n - 1)::int ELSE l.log_index::int END AS leaf_index,
         a.tree_size IS NOT NULL AS from_log
    FROM anchors AS a CROSS JOIN unnest(a.context_ids) WITH ORDINALITY AS b(id, n)
    LEFT JOIN tlog_leaves AS l ON a.tree_size IS NOT NULL AND l.id = b.id
   WHERE a.id = $1),
dequeued AS (
  DELETE FROM pending_contexts AS q USING batch WHERE q.id = batch.id
  RETURNING q.id, batch.leaf_index, batch.from_log),
confirmed AS (
  INSERT INTO confirmed_contexts (id, anchor_id, leaf_index) SELECT id, $1, leaf_index FROM dequeued)
DELETE FROM tlog_leaves AS l USING dequeued AS d WHERE d.from_log AND l.id = d.id`;

/**
 * A database at the schema before the migration, in the form it left: three contexts confirmed by
 * a tree head and two (logged before chained logs) by their batch's own tree, each batch named by
 * id in its confirmed_contexts rows; one failed in a batch of its own; one pending.
 */
async function seedBefore(label: string) {
  const upgrade = await createUpgradeDatabase(MIGRATION, label);
  upgrades.push(upgrade);
  await upgrade.migrateToBefore();
  const db = createDb(upgrade.url, { poolSize: 2 });
  try {
    const owner = await seedUser(db);
    // today's writer, its rows given what this schema kept of their key (their key's family)
    const seed = (opts: { count: number; agentId?: string }) =>
      withKeyFamilyFilled(
        (sql) => upgrade.sql(sql),
        () => seedContexts(db, owner, { ...opts, signerPrivateKey: SIGNER }),
      );
    const unlogged = async (count: number) => {
      const ids = await seed({ count });
      await upgrade.sql(
        "UPDATE contexts SET sequence = NULL, prev_entry_hash = NULL, entry_hash = NULL WHERE id = ANY($1)",
        [ids],
      );
      await upgrade.sql("DELETE FROM tlog_queue WHERE id = ANY($1)", [ids]);
      return ids;
    };
    const tree = await claimBatchTree(db, TARGET, await unlogged(2));
    // in leaf order
    const [{ context_ids: inTree } = { context_ids: [] }] = await upgrade.sql<{ context_ids: string[] }>(
      "SELECT context_ids FROM anchors WHERE id = $1",
      [tree.anchorId],
    );
    const [failing] = await unlogged(1);
    const doomed = await claimBatchTree(db, TARGET, [failing as string]);
    await failAnchor(db, doomed.anchorId, {
      reason: "reverted",
      message: "m",
      details: "d",
      retryPossible: true,
    });

    const logged = await seed({ count: 3, agentId: "agent" });
    const size = await sequenceTestLog(db);
    const logIndexes = new Map(
      (
        await upgrade.sql<{ id: string; log_index: string }>("SELECT id, log_index::text FROM tlog_leaves")
      ).map((r) => [r.id, Number(r.log_index)]),
    );
    const head = await createAnchorBatch(db, TARGET, { oldest: 100 });
    if (!head) throw new Error("no tree head batch");
    for (const anchorId of [tree.anchorId, head.anchorId]) {
      await markAnchorMined(db, anchorId);
      await inSqlTransaction(db, (sql) => confirmAnchorRowAt(sql, anchorId, BLOCK, 3));
      await upgrade.sql(CONFIRMED_BY_ID, [anchorId]);
    }
    const [pending] = await unlogged(1);
    const rows = await upgrade.sql<{ id: string; anchor_id: string }>(
      "SELECT id, anchor_id FROM confirmed_contexts ORDER BY id",
    );
    expect(rows).toHaveLength(5);
    return {
      upgrade,
      tree: { ...tree, ids: inTree },
      head: { anchorId: head.anchorId, ids: logged, size, logIndexes },
      failed: { id: failing as string, anchorId: doomed.anchorId },
      pending: pending as string,
    };
  } finally {
    await db.$disconnect();
  }
}

it("names each confirmed context's anchor by its ref: status, batch, leaf, log index, proof and reference read the same", async () => {
  const { upgrade, tree, head, failed, pending } = await seedBefore("confirmed_by_ref");

  expect(await upgrade.migrateAll()).toContain(MIGRATION);
  // confirmed_contexts holds the anchor's ref alone; each anchor has its own
  const columns = await upgrade.sql<{ column_name: string; is_nullable: string }>(
    `SELECT column_name, is_nullable FROM information_schema.columns
      WHERE table_name = 'confirmed_contexts' ORDER BY column_name`,
  );
  expect(columns).toEqual([
    { column_name: "anchor_ref", is_nullable: "NO" },
    { column_name: "id", is_nullable: "NO" },
    { column_name: "leaf_index", is_nullable: "NO" },
  ]);
  const refs = await upgrade.sql<{ ref: number }>("SELECT ref FROM anchors");
  expect(new Set(refs.map((r) => r.ref)).size).toBe(3);

  const db = createDb(upgrade.url, { poolSize: 2 });
  try {
    const all = [...tree.ids, ...head.ids, failed.id, pending];
    // each one's status and batch: confirmed in its batch, failed in its own, pending in none
    const batchOf = (id: string) =>
      tree.ids.includes(id) ? tree.anchorId : head.ids.includes(id) ? head.anchorId : null;
    const expected = all.map((id) =>
      id === failed.id
        ? { id, status: "failed", anchorId: failed.anchorId }
        : { id, status: id === pending ? "pending" : "confirmed", anchorId: batchOf(id) },
    );
    expect(await readContextStates(db, all)).toEqual([...expected].sort((a, b) => a.id.localeCompare(b.id)));
    // the view references render from: the same batch and leaf
    const referenced = await upgrade.sql<{ id: string; anchor_id: string | null; leaf_index: number | null }>(
      "SELECT id, anchor_id, leaf_index FROM ctxlog_context_references WHERE id = ANY($1) ORDER BY id",
      [all],
    );
    const leafOf = (id: string) =>
      tree.ids.includes(id) ? tree.ids.indexOf(id) : (head.logIndexes.get(id) ?? null);
    expect(referenced).toEqual(
      [...expected]
        .sort((a, b) => a.id.localeCompare(b.id))
        .map(({ id, anchorId, status }) => ({
          id,
          anchor_id: anchorId,
          leaf_index: status === "confirmed" ? leafOf(id) : null,
        })),
    );

    // a tree head's contexts: their log index, and its inclusion proof out of the tiles
    expect(await readLogIndexes(db, head.ids)).toEqual(head.logIndexes);
    for (const id of head.ids) {
      const context = await readContext(db, id);
      const proof = await expectedLogProof(db, id, head.size);
      expect(context).toMatchObject({
        status: "confirmed",
        anchorId: head.anchorId,
        leafIndex: head.logIndexes.get(id),
        transactionHash: TX,
      });
      expect(context.merkleProof).toEqual(proof.proof);
    }
    // a batch's own tree: the path out of it
    const leaves = await Promise.all(
      tree.ids.map(async (id) => (await readContext(db, id)).contextHash as Hex),
    );
    const proofs = buildMerkleTree(leaves).proofs;
    for (const [i, id] of tree.ids.entries()) {
      const context = await readContext(db, id);
      expect(context).toMatchObject({ status: "confirmed", anchorId: tree.anchorId, leafIndex: i });
      expect(context.merkleProof).toEqual(proofs[i]);
    }
    // the context.confirmed each receiver gets carries the same proof, rendered through the view
    const rendered = await renderPayloads(
      db,
      tree.ids.map((id) => ({ payload: CONFIRMED_REFERENCE, contextId: id, createdAt: new Date() })),
    );
    expect(rendered.map((e) => JSON.parse(e.payload).data.proof)).toEqual(
      tree.ids.map((_, i) => expect.objectContaining({ leaf_index: i, merkle_proof: proofs[i] })),
    );

    // and a context confirmed now is placed in its batch, named by the batch's ref
    const batch = await createAnchorBatch(db, TARGET, [pending]);
    if (!batch) throw new Error("no batch");
    await markAnchorMined(db, batch.anchorId);
    expect(await confirmAnchor(db, batch.anchorId, BLOCK, 3)).toEqual({ confirmed: 1 });
    expect(await readContext(db, pending)).toMatchObject({
      status: "confirmed",
      anchorId: batch.anchorId,
      leafIndex: 0,
    });
    const [row] = await upgrade.sql<{ ref: number; anchor_ref: number }>(
      `SELECT a.ref, m.anchor_ref FROM confirmed_contexts AS m, anchors AS a WHERE m.id = $1 AND a.id = $2`,
      [pending, batch.anchorId],
    );
    expect(row?.anchor_ref).toBe(row?.ref);
  } finally {
    await db.$disconnect();
  }
});

it("refuses a database with a confirmed context whose anchor does not exist, naming it, and changes nothing", async () => {
  const { upgrade, tree } = await seedBefore("confirmed_by_ref_orphan");
  const [orphan] = tree.ids;
  await upgrade.sql("UPDATE confirmed_contexts SET anchor_id = 'anc_gone' WHERE id = $1", [orphan]);
  const before = await upgrade.sql("SELECT id, anchor_id, leaf_index FROM confirmed_contexts ORDER BY id");

  await expect(upgrade.migrateAll()).rejects.toThrow(
    new RegExp(`context ${orphan} is confirmed in anchor anc_gone, which does not exist`),
  );
  expect(await upgrade.sql("SELECT id, anchor_id, leaf_index FROM confirmed_contexts ORDER BY id")).toEqual(
    before,
  );
  const refs = await upgrade.sql(
    "SELECT 1 FROM information_schema.columns WHERE table_name = 'anchors' AND column_name = 'ref'",
  );
  expect(refs).toEqual([]);
});
