// Integration: real PostgreSQL. The migration that keeps a context's log index in one place
// (20261201030000_log_index_held_once), applied to a database holding the form before it: contexts
// confirmed by an anchor of the log's tree head, each with its log index twice (its tlog_leaves row
// and its leaf in confirmed_contexts), and one still pending. Afterwards the confirmed ones' index is
// in confirmed_contexts alone, and every reader gives what it gave; a database whose two copies
// disagree is refused, naming the context, and keeps both.
import { parseCheckpoint, parseSignedNote } from "@ctxlog/core";
import { confirmAnchor } from "../anchors/confirm-anchor";
import { createAnchorBatch } from "../anchors/create-anchor-batch";
import { createDb } from "../client";
import { readContext, seedContexts, seedUser, sequenceTestLog } from "../testing";
import {
  TEST_BLOCK_HASH as BLOCK,
  markAnchorMined,
  TEST_CONTEXT_SIGNER as SIGNER,
  TEST_ANCHOR_TARGET as TARGET,
} from "../testing/anchor-fixtures";
import { withAnchorRefsLent, withKeyFamilyFilled } from "../testing/lent-tables";
import { expectedLogProof } from "../testing/log-anchors";
import { createUpgradeDatabase, type UpgradeDatabase } from "../testing/upgrade-database";
import { readLatestCheckpoint, readLogIndexes } from "./read-log";

const MIGRATION = "20261201030000_log_index_held_once";
const upgrades: UpgradeDatabase[] = [];
afterAll(() => Promise.all(upgrades.map((u) => u.drop())));

/**
 * A database at the schema before the migration, in the form it left: five contexts confirmed by a
 * tree head, their tlog_leaves rows still there (the confirmation before it moved nothing), and one
 * sequenced after the anchor, pending.
 */
async function seedBefore(label: string) {
  const upgrade = await createUpgradeDatabase(MIGRATION, label);
  upgrades.push(upgrade);
  await upgrade.migrateToBefore();
  const db = createDb(upgrade.url, { poolSize: 2 });
  try {
    const owner = await seedUser(db);
    const execute = (sql: string) => upgrade.sql(sql);
    const seed = (count: number) =>
      withKeyFamilyFilled(execute, () =>
        seedContexts(db, owner, { count, signerPrivateKey: SIGNER, agentId: "agent" }),
      );
    const confirmed = await seed(5);
    const size = await sequenceTestLog(db);
    const anchor = await createAnchorBatch(db, TARGET, { oldest: 100 });
    if (!anchor) throw new Error("no batch");
    const [pending] = await seed(1);
    await sequenceTestLog(db);
    // each one's index as the schema before reads it
    const logged = new Map(
      (
        await upgrade.sql<{ id: string; log_index: string }>("SELECT id, log_index::text FROM tlog_leaves")
      ).map((r) => [r.id, Number(r.log_index)]),
    );
    await markAnchorMined(db, anchor.anchorId);
    // today's confirmation, lent the anchor refs it writes (and left in the form of this schema)
    await withAnchorRefsLent(
      (sql) => upgrade.sql(sql),
      () => confirmAnchor(db, anchor.anchorId, BLOCK, 3),
    );
    // it moved the indexes; the one before left a copy in tlog_leaves
    await upgrade.sql(
      `INSERT INTO tlog_leaves (id, log_index) SELECT id, leaf_index FROM confirmed_contexts WHERE anchor_id = $1`,
      [anchor.anchorId],
    );
    return { upgrade, owner, confirmed, pending: pending as string, size, logged };
  } finally {
    await db.$disconnect();
  }
}

const leafRows = (upgrade: UpgradeDatabase) =>
  upgrade.sql<{ id: string; log_index: string }>(
    "SELECT id, log_index::text FROM tlog_leaves ORDER BY log_index",
  );

it("keeps a tree head's contexts' log index in confirmed_contexts alone; every reader gives the same", async () => {
  const { upgrade, confirmed, pending, size, logged } = await seedBefore("log_index_once");
  expect((await leafRows(upgrade)).map((r) => r.id)).toEqual([...confirmed, pending]);

  expect(await upgrade.migrateAll()).toContain(MIGRATION);
  // the pending one alone keeps its row
  expect(await leafRows(upgrade)).toEqual([{ id: pending, log_index: String(logged.get(pending)) }]);

  const db = createDb(upgrade.url, { poolSize: 2 });
  try {
    expect(await readLogIndexes(db, [...confirmed, pending, "ctx_not_logged"])).toEqual(logged);
    const checkpoint = parseCheckpoint(parseSignedNote((await readLatestCheckpoint(db))?.note ?? "").text);
    expect(checkpoint.size).toBe(size + 1);
    for (const id of confirmed) {
      const context = await readContext(db, id);
      const expected = await expectedLogProof(db, id, size);
      expect(expected.leafIndex).toBe(logged.get(id));
      expect(context).toMatchObject({ status: "confirmed", leafIndex: expected.leafIndex });
      expect(context.merkleProof).toEqual(expected.proof);
    }
    expect(await readContext(db, pending)).toMatchObject({ status: "pending", leafIndex: null });
  } finally {
    await db.$disconnect();
  }
});

it("refuses a database whose two copies of a log index disagree, naming the context, and keeps both", async () => {
  const { upgrade, confirmed } = await seedBefore("log_index_differs");
  const [odd] = confirmed;
  await upgrade.sql("UPDATE tlog_leaves SET log_index = log_index + 100 WHERE id = $1", [odd]);
  const before = await leafRows(upgrade);

  await expect(upgrade.migrateAll()).rejects.toThrow(new RegExp(`${odd}.*log index`));
  expect(await leafRows(upgrade)).toEqual(before);
  const functions = await upgrade.sql("SELECT 1 FROM pg_proc WHERE proname = 'ctxlog_log_index'");
  expect(functions).toEqual([]);
});
