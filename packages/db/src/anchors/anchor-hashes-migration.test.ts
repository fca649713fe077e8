// Integration: real PostgreSQL. The migration that stores an anchor's Merkle root, transaction hash
// and block hash, and each anchor transaction's hash, as their bytes
// (20261130031500_anchor_hashes_as_bytes), applied to a database holding them as the 0x-hex text the
// chain worker wrote before. After it every reader returns the same hashes: a context's proof still
// reaches its batch's root, the search box finds the batch by its transaction hash, the events stored
// before show and deliver the transaction hash they named, and the chain worker still finds its
// transactions and confirms a batch in the block it recorded.
import { randomBytes } from "node:crypto";
import {
  buildMerkleLevels,
  createdReference,
  deliveryKeyText,
  generateWebhookSecret,
  newId,
  verifyMerkleProof,
} from "@ctxlog/core";
import type { Hex } from "viem";
import { listInFlightAnchors } from "../chain-identity/in-flight-nonces";
import { createDb } from "../client";
import { getContextWithAnchor } from "../contexts/get-context-proof";
import { getEvent } from "../events/list-events";
import { searchRecords } from "../search/search-records";
import { deliveryKeyOfRow, readContext, seedContexts, testSecretKeyring, WITH_WEBHOOK_ID } from "../testing";
import { withKeyFamilyFilled, withTlogQueueLent, withUpdatedAtDefaulted } from "../testing/lent-tables";
import { createUpgradeDatabase, type UpgradeDatabase } from "../testing/upgrade-database";
import { findAnchoredContexts } from "../verifications/find-anchored-contexts";
import { createWebhook } from "../webhooks/create-webhook";
import { fanOutEvents } from "../webhooks/fan-out-events";
import { loadDeliveryTargets } from "../webhooks/load-delivery-targets";
import { confirmAnchor } from "./confirm-anchor";
import { findAnchorTransactions, recordAnchorMined } from "./track-anchors";

const MIGRATION = "20261130031500_anchor_hashes_as_bytes";
const SIGNER_KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const ANCHOR_SIGNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const hash32 = () => `0x${randomBytes(32).toString("hex")}`;
const owner = {
  userId: "usr_anchor_hashes",
  apiKeyId: "key_anchor_hashes",
  keyFamilyId: "fam_anchor_hashes",
};
const reader = { ...owner, scope: "all" as const };
// a batch mined and waiting for its depth, and one sent and not yet in a block
const mined = { id: "anc_mined", tx: hash32(), block: hash32(), ids: [] as string[], root: "" };
const sent = { id: "anc_sent", tx: hash32(), block: hash32(), ids: [] as string[], root: "" };
const ESTIMATE = new Date("2026-11-30T03:00:00.000Z");
const createdEvents = new Map<string, string>();

let upgrade: UpgradeDatabase;
let db: ReturnType<typeof createDb>;

/** A batch as the chain worker wrote it before: its row and its transaction, hashes as 0x-hex text. */
async function insertOldBatch(batch: typeof mined, status: "mined" | "sent") {
  const leaves = (
    await upgrade.sql<{ leaf: string }>(
      `SELECT ctxlog_hex(COALESCE(entry_hash, context_hash)) AS leaf FROM contexts
        WHERE id = ANY($1::text[]) ORDER BY id`,
      [batch.ids],
    )
  ).map((r) => r.leaf as Hex);
  const tree = buildMerkleLevels(leaves);
  batch.root = tree.root;
  const isMined = status === "mined";
  await upgrade.sql(
    `INSERT INTO anchors (id, signer_address, chain_id, network, registry_address, merkle_root, context_count,
       context_ids, merkle_tree, status, nonce, transaction_hash, block_number, block_hash, block_timestamp,
       gas_used, sent_at, mined_at, updated_at)
     VALUES ($1, $2, 31337, 'anvil', '0x5FbDB2315678afecb367f032d93F642f64180aa3', $3, $4, $5, $6,
       $7::"AnchorStatus", $8, $9, $10, $11, $12, $13, now(), $14, now())`,
    [
      batch.id,
      ANCHOR_SIGNER,
      tree.root,
      batch.ids.length,
      batch.ids,
      tree.levels,
      status,
      isMined ? 0 : 1,
      batch.tx,
      isMined ? 7 : null,
      isMined ? batch.block : null,
      isMined ? new Date() : null,
      isMined ? 50_000 : null,
      isMined ? new Date() : null,
    ],
  );
  await upgrade.sql(
    `INSERT INTO anchor_transactions (hash, anchor_id, signer_address, nonce, raw_transaction,
       max_fee_per_gas, max_priority_fee_per_gas, gas_limit, status, broadcast_block, broadcast_at)
     VALUES ($1, $2, $3, $4, '0x02', 2, 1, 60000, $5::"AnchorTransactionStatus", 5, now())`,
    [batch.tx, batch.id, ANCHOR_SIGNER, isMined ? 0 : 1, isMined ? "mined" : "broadcast"],
  );
  // each context's context.created as the broadcast stored it: a reference naming the transaction
  for (const id of batch.ids) {
    const eventId = newId("evt");
    createdEvents.set(id, eventId);
    await upgrade.sql(
      `INSERT INTO outbox_events (id, user_id, event, context_id, payload) VALUES ($1, $2, 'context.created', $3, $4)`,
      [eventId, owner.userId, id, createdReference(batch.tx, ESTIMATE)],
    );
    await upgrade.sql("INSERT INTO unfanned_events (id) VALUES ($1)", [eventId]);
  }
}

beforeAll(async () => {
  upgrade = await createUpgradeDatabase(MIGRATION, "anchor_hashes");
  await upgrade.migrateToBefore();
  await upgrade.seedOwner({ userId: owner.userId, keyId: owner.apiKeyId, familyId: owner.keyFamilyId });
  // contexts are written as today (their table is the same on both sides of the migration)
  db = createDb(upgrade.url, { poolSize: 2 });
  const ids = (
    await withUpdatedAtDefaulted(
      (sql) => upgrade.sql(sql),
      () =>
        withTlogQueueLent(
          (sql) => upgrade.sql(sql),
          () =>
            withKeyFamilyFilled(
              (sql) => upgrade.sql(sql),
              () => seedContexts(db, owner, { count: 5, signerPrivateKey: SIGNER_KEY }),
            ),
        ),
    )
  ).sort();
  mined.ids = ids.slice(0, 3);
  sent.ids = ids.slice(3);
  await insertOldBatch(mined, "mined");
  await insertOldBatch(sent, "sent");
  const hook = await createWebhook(db, {
    userId: owner.userId,
    url: "https://example.com/hook",
    events: ["context.created", "context.confirmed"],
    description: "",
    secret: generateWebhookSecret(),
    keyring: testSecretKeyring(),
    maxPerUser: 10,
  });
  // subscribed before the events above: the fan-out delivers them
  // (updateMany reads no column back: it runs on this older schema, which has no webhooks.ref)
  expect(
    await db.webhook.updateMany({
      where: { id: hook.id },
      data: { createdAt: new Date("2026-11-01T00:00:00Z") },
    }),
  ).toEqual({ count: 1 });
  expect(await upgrade.migrateAll()).toEqual(expect.arrayContaining([MIGRATION]));
});
afterAll(async () => {
  await db?.$disconnect();
  await upgrade.drop();
});

it("stores the hashes as their 32 bytes", async () => {
  const rows = await upgrade.sql<Record<string, Buffer>>(
    `SELECT a.merkle_root, a.transaction_hash, a.block_hash, t.hash
       FROM anchors AS a JOIN anchor_transactions AS t ON t.anchor_id = a.id WHERE a.id = $1`,
    [mined.id],
  );
  expect(Object.values(rows[0] ?? {}).map((b) => [Buffer.isBuffer(b), b.length])).toEqual(
    Array(4).fill([true, 32]),
  );
});

it("stops, rather than store something else, on a hash that is not 32 bytes", async () => {
  const odd = await createUpgradeDatabase(MIGRATION, "anchor_hashes_odd");
  try {
    await odd.migrateToBefore();
    await odd.sql(
      `INSERT INTO anchors (id, signer_address, chain_id, network, registry_address, merkle_root, context_count,
         transaction_hash, updated_at)
       VALUES ('anc_odd', $1, 31337, 'anvil', '0xr', $2, 1, '0xabcd', now())`,
      [ANCHOR_SIGNER, hash32()],
    );
    await expect(odd.migrateAll()).rejects.toThrow(/anchor anc_odd holds a hash that is not 32 bytes/);
  } finally {
    await odd.drop();
  }
});

it("the chain worker finds its transactions, and confirms the batch in the block it recorded", async () => {
  expect(await findAnchorTransactions(db, [sent.tx, mined.tx])).toEqual(
    expect.arrayContaining([
      { hash: sent.tx, anchorId: sent.id },
      { hash: mined.tx, anchorId: mined.id },
    ]),
  );
  expect(await listInFlightAnchors(db, ANCHOR_SIGNER)).toMatchObject([
    { id: sent.id, merkleRoot: sent.root },
  ]);
  expect(await confirmAnchor(db, mined.id, mined.block, 3)).toEqual({ confirmed: 3 });
  expect(
    await recordAnchorMined(db, {
      anchorId: sent.id,
      transactionHash: sent.tx,
      blockNumber: 8n,
      blockHash: sent.block,
      blockTimestamp: new Date(),
      gasUsed: 50_000n,
      reverted: false,
    }),
  ).toBe(true);
  expect(await confirmAnchor(db, sent.id, sent.block, 3)).toEqual({ confirmed: 2 });
});

it("a context's proof reaches its batch's root, under the transaction stored as text", async () => {
  for (const batch of [mined, sent]) {
    for (const id of batch.ids) {
      const context = await readContext(db, id);
      expect([context.status, context.transactionHash]).toEqual(["confirmed", batch.tx]);
      const withAnchor = await getContextWithAnchor(db, reader, id);
      expect(withAnchor?.anchor).toMatchObject({ merkleRoot: batch.root, blockHash: batch.block });
      const leaf = (context.entryHash ?? context.contextHash) as Hex;
      expect(verifyMerkleProof(leaf, context.merkleProof as Hex[], batch.root as Hex)).toBe(true);
      const found = await findAnchoredContexts(db, reader, context.contextHash, batch.tx.toUpperCase());
      expect(found.map((c) => c.id)).toEqual([id]);
    }
  }
});

it("the search box finds a batch's contexts by the transaction hash stored as text", async () => {
  const hits = await searchRecords(db, owner.userId, mined.tx);
  expect(hits.filter((h) => h.matched === "transaction_hash").map((h) => h.id)).toEqual(mined.ids);
});

it("the events stored before show and deliver the transaction hash they named", async () => {
  await fanOutEvents(db, { batchSize: 100 });
  const deliveries = (await db.webhookDelivery.findMany({ include: WITH_WEBHOOK_ID })).map(deliveryKeyOfRow);
  const targets = await loadDeliveryTargets(db, deliveries);
  for (const batch of [mined, sent]) {
    for (const id of batch.ids) {
      const events = await db.outboxEvent.findMany({ where: { contextId: id }, orderBy: { id: "asc" } });
      expect(events.map((e) => [e.event, e.id === createdEvents.get(id)])).toEqual([
        ["context.created", true],
        ["context.confirmed", false],
      ]);
      for (const e of events) {
        const shown = (await getEvent(db, owner.userId, e.id))?.payload as string;
        const { data } = JSON.parse(shown);
        expect(data.transaction_hash).toBe(batch.tx);
        if (e.event === "context.confirmed") expect(data.proof.merkle_root).toBe(batch.root);
        const delivery = deliveries.find((d) => d.eventId === e.id);
        expect(delivery && targets.get(deliveryKeyText(delivery))?.payload).toBe(shown);
      }
    }
  }
});
