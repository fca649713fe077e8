// Integration: real PostgreSQL. The migration that defines a context's status once
// (20261129120744_context_status_defined), applied to a database the previous version wrote: a
// context confirmed before confirmed_contexts (its row says confirmed, with its batch, leaf and own
// proof), one confirmed since (its row still saying pending), one an earlier claim wrote into a batch
// still in flight, a failed one, and one in no batch. After it, each reads with the same status,
// batch, leaf and proof; the counts agree; the old columns are gone, and the batch in flight still
// confirms its context.
import { buildMerkleLevels, buildMerkleTree } from "@ctxlog/core";
import type { Hex } from "viem";
import { listAgentLogs } from "../agents/list-agent-logs";
import { confirmAnchor } from "../anchors/confirm-anchor";
import { createDb } from "../client";
import { readOverview } from "../overview/read-overview";
import { createUpgradeDatabase, type UpgradeDatabase } from "../testing/upgrade-database";
import { readContextStates } from "./context-statuses";
import { getContextWithAnchor } from "./get-context-proof";
import { listContexts } from "./list-contexts";

const MIGRATION = "20261129120744_context_status_defined";
let upgrade: UpgradeDatabase;
beforeAll(async () => {
  upgrade = await createUpgradeDatabase(MIGRATION, "context_status");
});
afterAll(() => upgrade.drop());
const sql = <T>(text: string, values: unknown[] = []) => upgrade.sql<T>(text, values);

const leaf = (n: number) => `0x${n.toString(16).padStart(2, "0").repeat(32)}` as Hex;
const TX = `0x${"c3".repeat(32)}`;
// 32 bytes, as the node gives a block hash (migration 20261130031500_anchor_hashes_as_bytes stores its bytes)
const block = (n: number) => `0x${`b${n}`.repeat(32)}`;
const hex = (h: string) => `\\x${h.slice(2)}`;

it("moves every status into the one definition, and each context reads as before", async () => {
  await upgrade.migrateToBefore();
  await upgrade.seedOwner({ userId: "u1", keyId: "key_1", familyId: "fam_1" });
  // the other leaf of anc_old is another user's (every leaf of a batch has its row: the data step
  // anchor_trees rebuilds the batch's tree from them)
  await upgrade.seedOwner({ userId: "u2", keyId: "key_2", familyId: "fam_2" });
  // anc_old: confirmed before anchors kept their tree (its rows hold their proofs);
  // anc_new: confirmed since (its tree); anc_live: mined, in flight; anc_fail: failed
  const old = buildMerkleTree([leaf(1), leaf(9)]);
  const fresh = buildMerkleTree([leaf(2), leaf(8)]);
  await sql(
    `INSERT INTO anchors (id, signer_address, chain_id, network, registry_address, merkle_root, context_count,
       context_ids, status, nonce, transaction_hash, block_number, block_hash, block_timestamp, gas_used,
       sent_at, mined_at, confirmations, confirmed_at, updated_at, merkle_tree)
     VALUES ('anc_old', '0xs', 31337, 'anvil', '0xr', $1, 2, ARRAY['ctx_1', 'ctx_9'], 'confirmed', 0, $2, 40,
       '${block(0)}', now(), 23850, now(), now(), 3, now(), now(), NULL),
     ('anc_new', '0xs', 31337, 'anvil', '0xr', $3, 2, ARRAY['ctx_2', 'ctx_8'], 'confirmed', 1, $2, 41, '${block(1)}',
       now(), 23850, now(), now(), 3, now(), now(), $4),
     ('anc_live', '0xs', 31337, 'anvil', '0xr', $5, 1, ARRAY['ctx_3'], 'mined', 2, $2, 42, '${block(2)}',
       now(), 23850, now(), now(), NULL, NULL, now(), $6),
     ('anc_fail', '0xs', 31337, 'anvil', '0xr', $7, 1, ARRAY['ctx_4'], 'failed', NULL, NULL, NULL, NULL,
       NULL, NULL, NULL, NULL, NULL, NULL, now(), NULL)`,
    [
      old.root,
      TX,
      fresh.root,
      buildMerkleLevels([leaf(2), leaf(8)]).levels,
      leaf(3),
      buildMerkleLevels([leaf(3)]).levels,
      leaf(4),
    ],
  );
  const insert = (id: string, n: number, rest: string, user = "1") =>
    sql(
      `INSERT INTO contexts (id, user_id, api_key_id, key_family_id, agent_id, canonical_data, context_hash,
         signature, signer_address, network, estimated_confirmation, updated_at, created_at, status, anchor_id,
         leaf_index, merkle_proof, failed_at)
       VALUES ('${id}', 'u${user}', 'key_${user}', 'fam_${user}', 'a', '\\x007b7d', '${hex(leaf(n))}', '\\x00', '0x', 'anvil', now(),
         now(), '2026-11-27T10:0${n}:00Z', ${rest})`,
    );
  const oldProof = hex(old.proofs[0]?.[0] as string);
  await insert("ctx_1", 1, `'confirmed', 'anc_old', 0, '${oldProof}', NULL`);
  await insert("ctx_9", 9, `'confirmed', 'anc_old', 1, '${hex(old.proofs[1]?.[0] as string)}', NULL`, "2");
  await insert("ctx_2", 2, `'pending', NULL, NULL, NULL, NULL`);
  await insert("ctx_3", 3, `'pending', 'anc_live', 0, NULL, NULL`);
  await insert("ctx_4", 4, `'failed', 'anc_fail', NULL, NULL, now()`);
  await insert("ctx_5", 5, `'pending', NULL, NULL, NULL, NULL`);
  await sql(`INSERT INTO confirmed_contexts (id, anchor_id, leaf_index) VALUES ('ctx_2', 'anc_new', 0)`);
  await sql(`INSERT INTO pending_contexts (id, user_id) VALUES ('ctx_3', 'u1'), ('ctx_5', 'u1')`);

  await upgrade.migrateAll();

  const columns = await sql<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_name = 'contexts'`,
  );
  expect(columns.map((c) => c.column_name)).not.toEqual(expect.arrayContaining(["status"]));
  expect(columns.map((c) => c.column_name)).not.toEqual(expect.arrayContaining(["leaf_index"]));
  // (each names its batch by ref since 20261201040000_confirmed_contexts_name_their_anchor_by_ref)
  expect(
    await sql(`SELECT m.id, a.id AS anchor_id, m.leaf_index FROM confirmed_contexts AS m
                 JOIN anchors AS a ON a.ref = m.anchor_ref ORDER BY m.id`),
  ).toEqual([
    { id: "ctx_1", anchor_id: "anc_old", leaf_index: 0 },
    { id: "ctx_2", anchor_id: "anc_new", leaf_index: 0 },
    { id: "ctx_9", anchor_id: "anc_old", leaf_index: 1 },
  ]);
  // anchor_id names the batch a context failed in, only
  expect(await sql(`SELECT id FROM contexts WHERE anchor_id IS NOT NULL`)).toEqual([{ id: "ctx_4" }]);

  const db = createDb(upgrade.url, { poolSize: 2 });
  try {
    const ids = ["ctx_1", "ctx_2", "ctx_3", "ctx_4", "ctx_5"];
    const expected = [
      ["ctx_1", "confirmed", "anc_old"],
      ["ctx_2", "confirmed", "anc_new"],
      ["ctx_3", "pending", null],
      ["ctx_4", "failed", "anc_fail"],
      ["ctx_5", "pending", null],
    ];
    expect((await readContextStates(db, ids)).map((s) => [s.id, s.status, s.anchorId])).toEqual(expected);
    const reader = { userId: "u1", keyFamilyId: "fam_1", scope: "all" as const };
    const read = await Promise.all(ids.map((id) => getContextWithAnchor(db, reader, id)));
    expect(read.map((c) => [c?.id, c?.status, c?.anchorId ?? null])).toEqual(expected);
    // the proofs as before (the old row's own is now read out of its batch's tree, which the data
    // step anchor_trees rebuilt), the new one's from its batch's tree
    expect(read[0]?.merkleProof).toEqual(old.proofs[0]);
    expect(read[0]?.leafIndex).toBe(0);
    expect(read[1]?.merkleProof).toEqual(fresh.proofs[0]);
    expect(read[1]?.transactionHash).toBe(TX);
    // in flight: its batch's transaction, found through the batch
    expect(read[2]?.anchor?.id).toBe("anc_live");

    const page = await listContexts(db, reader, { limit: 10 });
    expect(page.rows.map((c) => [c.id, c.status])).toEqual(
      [...expected].reverse().map(([id, status]) => [id, status]),
    );
    const failed = await listContexts(db, reader, { limit: 10, status: "failed" });
    expect(failed.rows.map((c) => c.id)).toEqual(["ctx_4"]);
    expect((await readOverview(db, "u1", { network: "anvil" })).contextsByStatus).toEqual({
      pending: 2,
      confirmed: 2,
      failed: 1,
    });
    expect((await listAgentLogs(db, reader, { limit: 10 })).rows).toEqual([]);

    // the batch an earlier claim wrote into its row confirms it
    expect(await confirmAnchor(db, "anc_live", block(2), 3)).toEqual({ confirmed: 1 });
    expect((await readContextStates(db, ["ctx_3"]))[0]?.status).toBe("confirmed");
  } finally {
    await db.$disconnect();
  }
});
