import {
  CONFIRMED_REFERENCE,
  type ContextOwner,
  contextConfirmedData,
  contextCreatedData,
  deliveryKeyText,
  type EventName,
  generateWebhookSecret,
  newId,
  serializeEnvelope,
} from "@ctxlog/core";
import { confirmAnchor } from "../anchors/confirm-anchor";
import { createDb } from "../client";
import { EVENT_FORMS } from "../data-steps/event-forms";
import { hexOf } from "../hex-columns";
import { inSqlTransaction } from "../sql-transaction";
import {
  claimBatchTree,
  deliveryKeyOfRow,
  readContext,
  seedContexts,
  testSecretKeyring,
  WITH_WEBHOOK_ID,
} from "../testing";
import {
  markAnchorMined,
  TEST_ANCHOR_TARGET,
  TEST_BLOCK_HASH,
  TEST_CONTEXT_SIGNER,
  TEST_TX_HASH,
} from "../testing/anchor-fixtures";
import {
  withAnchorRefsLent,
  withEventUsersLent,
  withKeyFamilyFilled,
  withTlogQueueLent,
  withTreeHeadsLent,
  withUpdatedAtDefaulted,
} from "../testing/lent-tables";
import { createUpgradeDatabase, type UpgradeDatabase } from "../testing/upgrade-database";
import { createWebhook } from "../webhooks/create-webhook";
import { fanOutEvents } from "../webhooks/fan-out-events";
import { loadDeliveryTargets } from "../webhooks/load-delivery-targets";
import { getEvent } from "./list-events";

const MIGRATION = "20261129200000_one_event_form";
const ESTIMATE = new Date("2026-11-29T10:05:00.250Z");
const ERASED_AT = new Date("2026-11-29T11:00:00.000Z");
type Json = Record<string, unknown>;
type Db = ReturnType<typeof createDb>;

const upgrades: UpgradeDatabase[] = [];
afterAll(() => Promise.all(upgrades.map((u) => u.drop())));
async function upgradeDatabase(label: string) {
  const upgrade = await createUpgradeDatabase(MIGRATION, label);
  upgrades.push(upgrade);
  await upgrade.migrateToBefore();
  return { upgrade, db: createDb(upgrade.url, { poolSize: 2 }) };
}

/** An event as the code of the time stored it: its row, queued for the fan-out (a test event is not). */
interface OldEvent {
  id: string;
  event: EventName;
  contextId: string | null;
  payload: string;
  createdAt: Date;
  /** the bytes it was shown and delivered as */
  sent: string;
}
async function insertOld(upgrade: UpgradeDatabase, userId: string, events: OldEvent[]) {
  for (const e of events) {
    await upgrade.sql(
      `INSERT INTO outbox_events (id, user_id, event, context_id, payload, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [e.id, userId, e.event, e.contextId, e.payload, e.createdAt],
    );
    if (!JSON.parse(e.sent).test) await upgrade.sql("INSERT INTO unfanned_events (id) VALUES ($1)", [e.id]);
  }
}

/** The older forms of an envelope (see older-event-forms.ts): `~` with the row's members null, the skeletons. */
function tildeForm(envelope: string): string {
  const parsed = JSON.parse(envelope) as { event: string; data: Json };
  const rowMembers =
    parsed.event === "context.created"
      ? ["agent_id", "context_hash", "signature", "created_at", "sequence", "prev_entry_hash", "entry_hash"]
      : ["agent_id", "context_hash", "sequence", "prev_entry_hash", "entry_hash"];
  for (const m of rowMembers) parsed.data[m] = null;
  if (parsed.event === "context.created") Object.assign(parsed.data, { context_data: null, metadata: null });
  else (parsed.data.proof as Json).merkle_proof = [];
  return `~${JSON.stringify(parsed)}`;
}
function skeletonForm(envelope: string): string {
  const { event, timestamp, data } = JSON.parse(envelope) as { event: string; timestamp: string; data: Json };
  const kept =
    event === "context.created"
      ? {
          context_id: data.context_id,
          transaction_hash: data.transaction_hash,
          estimated_confirmation: data.estimated_confirmation,
        }
      : { context_id: data.context_id };
  return `${event === "context.created" ? "~c" : "~a"}${JSON.stringify({ event, timestamp, data: kept })}`;
}

/**
 * The 32-byte hashes that later migrations store as bytes: a log's head (20261130010108_hashes_as_bytes)
 * and an anchor's and its transactions' hashes (20261130031500_anchor_hashes_as_bytes).
 */
const HASHES_AS_BYTES_LATER = [
  ["agent_logs", "head_entry_hash"],
  ["anchors", "merkle_root"],
  ["anchors", "transaction_hash"],
  ["anchors", "block_hash"],
  ["anchor_transactions", "hash"],
] as const;

/**
 * Runs today's context writer, chain worker and readers on this older schema: they read and write
 * those hashes as bytes (migrations later than the one under test), so the columns are bytes while
 * they run and 0x-hex text again after, as this schema keeps them.
 */
async function withHashesAsBytes<T>(db: Db, write: () => Promise<T>): Promise<T> {
  for (const [table, column] of HASHES_AS_BYTES_LATER)
    await db.$executeRawUnsafe(
      `ALTER TABLE ${table} ALTER COLUMN ${column} TYPE bytea USING ctxlog_unhex(${column})`,
    );
  try {
    return await write();
  } finally {
    for (const [table, column] of HASHES_AS_BYTES_LATER)
      await db.$executeRawUnsafe(
        `ALTER TABLE ${table} ALTER COLUMN ${column} TYPE text USING ctxlog_hex(${column})`,
      );
  }
}

/** Confirmed contexts (one batch), the last one erased; each context's two events as sent. */
async function confirmedContexts(upgrade: UpgradeDatabase, db: Db, userId: string, count: number) {
  // the owner written as this older schema holds a key (its hash as hex text), not through Prisma
  const owner = { userId, apiKeyId: `key_${userId}`, keyFamilyId: `fam_${userId}` };
  await upgrade.seedOwner({ userId, keyId: owner.apiKeyId, familyId: owner.keyFamilyId });
  const execute = (sql: string) => db.$executeRawUnsafe(sql);
  return withUpdatedAtDefaulted(execute, () =>
    withEventUsersLent(execute, () =>
      withHashesAsBytes(db, () => confirmedContextsWithBytes(db, owner, count)),
    ),
  );
}

async function confirmedContextsWithBytes(db: Db, owner: ContextOwner, count: number) {
  const ids = await withTlogQueueLent(
    (sql) => db.$executeRawUnsafe(sql),
    () =>
      withKeyFamilyFilled(
        (sql) => db.$executeRawUnsafe(sql),
        () => seedContexts(db, owner, { count, signerPrivateKey: TEST_CONTEXT_SIGNER }),
      ),
  );
  // the batch as claims made it at this schema, before anchors were the log's tree head
  const { anchorId } = await claimBatchTree(db, TEST_ANCHOR_TARGET, ids);
  await markAnchorMined(db, anchorId);
  // today's confirmation and readers, on this older schema (lent what they read of later ones)
  const execute = (sql: string) => db.$executeRawUnsafe(sql);
  return withTreeHeadsLent(execute, () =>
    withAnchorRefsLent(execute, () => confirmedWithTreeHeads(db, ids, anchorId, count)),
  );
}

async function confirmedWithTreeHeads(db: Db, ids: string[], anchorId: string, count: number) {
  await confirmAnchor(db, anchorId, TEST_BLOCK_HASH, 3);
  // (the confirmation's own events, in their one form already, are set aside: the test writes its own)
  await db.$executeRawUnsafe("DELETE FROM unfanned_events");
  await db.$executeRawUnsafe("DELETE FROM outbox_events");
  await db.$executeRaw`UPDATE contexts SET canonical_data = NULL, data_erased_at = ${ERASED_AT},
                         data_erased_by = 'retention' WHERE id = ${ids[count - 1]}`;
  const anchor = await db.anchor.findUniqueOrThrow({ where: { id: anchorId } });
  return Promise.all(
    ids.map(async (id, i) => {
      const ctx = await readContext(db, id, { olderSchema: true });
      const at = (n: number) => new Date(Date.parse("2026-11-29T10:00:00.000Z") + i * 10_000 + n * 1_007);
      const created = contextCreatedData({
        ...ctx,
        transactionHash: TEST_TX_HASH,
        estimatedConfirmation: ESTIMATE,
      }) as unknown as Json;
      // as erasure left every copy: no data, data_erased_at last
      if (ctx.dataErasedAt) created.data_erased_at = ERASED_AT.toISOString();
      const proof = {
        leaf_index: ctx.leafIndex,
        merkle_proof: ctx.merkleProof,
        merkle_root: hexOf(anchor.merkleRoot),
        chain_id: anchor.chainId,
        network: anchor.network,
        registry_address: anchor.registryAddress,
      };
      return {
        id,
        created: serializeEnvelope({ event: "context.created", timestamp: at(1), data: created }),
        confirmed: serializeEnvelope({
          event: "context.confirmed",
          timestamp: at(2),
          data: contextConfirmedData(ctx, { proof }),
        }),
        at,
      };
    }),
  );
}

const old = (
  event: EventName,
  contextId: string | null,
  sent: string,
  payload = sent,
  createdAt = new Date(JSON.parse(sent).timestamp),
): OldEvent => ({ id: newId("evt"), event, contextId, payload, createdAt, sent });

it("stores every event of a context as its reference, shown and delivered as the same bytes", async () => {
  const { upgrade, db } = await upgradeDatabase("event_forms");
  try {
    const contexts = await confirmedContexts(upgrade, db, "u1", 5);
    type Context = (typeof contexts)[number];
    const [c0, c1, c2, c3, erased] = contexts as [Context, Context, Context, Context, Context];
    const events: OldEvent[] = [
      // whole envelopes, written before references
      old("context.created", c0.id, c0.created),
      old("context.confirmed", c0.id, c0.confirmed),
      // `~` envelopes
      old("context.created", c1.id, c1.created, tildeForm(c1.created)),
      old("context.confirmed", c1.id, c1.confirmed, tildeForm(c1.confirmed)),
      // `~c` / `~a`
      old("context.created", c2.id, c2.created, skeletonForm(c2.created)),
      old("context.confirmed", c2.id, c2.confirmed, skeletonForm(c2.confirmed)),
      // already their one form
      old("context.created", c3.id, c3.created, `~C${TEST_TX_HASH},${ESTIMATE.getTime()}`),
      old("context.confirmed", c3.id, c3.confirmed, CONFIRMED_REFERENCE),
      // an erased context's: its whole envelope as the erasure scrubbed it, and a `~` one
      old("context.created", erased.id, erased.created),
      old("context.created", erased.id, erased.created, tildeForm(erased.created)),
      old("context.confirmed", erased.id, erased.confirmed, skeletonForm(erased.confirmed)),
      // envelopes that stay: another event of a context, and one naming none
      old(
        "context.failed",
        c0.id,
        serializeEnvelope({ event: "context.failed", timestamp: c0.at(3), data: { context_id: c0.id } }),
      ),
      old(
        "context.created",
        null,
        serializeEnvelope({ event: "context.created", timestamp: c0.at(4), data: { n: 1 }, test: true }),
      ),
    ];
    await insertOld(upgrade, "u1", events);
    const hook = await createWebhook(db, {
      userId: "u1",
      url: "https://example.com/hook",
      events: ["context.created", "context.confirmed", "context.failed"],
      description: "",
      secret: generateWebhookSecret(),
      keyring: testSecretKeyring(),
      maxPerUser: 10,
    });
    // (updateMany reads no column back: it runs on this older schema, which has no webhooks.ref)
    expect(
      await db.webhook.updateMany({
        where: { id: hook.id },
        data: { createdAt: new Date("2026-11-01T00:00:00Z") },
      }),
    ).toEqual({ count: 1 });

    expect(await upgrade.migrateAll()).toEqual(expect.arrayContaining([MIGRATION]));

    // stored in their one form
    const stored = new Map(
      (await upgrade.sql<{ id: string; payload: string }>("SELECT id, payload FROM outbox_events")).map(
        (r) => [r.id, r.payload],
      ),
    );
    expect(events.map((e) => stored.get(e.id))).toEqual(
      events.map((e) =>
        e.contextId === null || e.event === "context.failed"
          ? e.payload
          : e.event === "context.confirmed"
            ? CONFIRMED_REFERENCE
            : `~C${TEST_TX_HASH},${ESTIMATE.getTime()}`,
      ),
    );
    // shown (GET /v1/events) and delivered as the bytes they were
    for (const e of events)
      expect({ id: e.id, shown: (await getEvent(db, "u1", e.id))?.payload }).toEqual({
        id: e.id,
        shown: e.sent,
      });
    await fanOutEvents(db, { batchSize: 100 });
    const deliveries = (
      await db.webhookDelivery.findMany({ where: { webhook: { id: hook.id } }, include: WITH_WEBHOOK_ID })
    ).map(deliveryKeyOfRow);
    expect(deliveries).toHaveLength(events.length - 1);
    const targets = await loadDeliveryTargets(db, deliveries);
    for (const d of deliveries) {
      const sent = events.find((e) => e.id === d.eventId)?.sent;
      expect({ event: d.eventId, body: targets.get(deliveryKeyText(d))?.payload }).toEqual({
        event: d.eventId,
        body: sent,
      });
    }

    // once: run again, it finds nothing to do
    await inSqlTransaction(db, (sql) => EVENT_FORMS.run(sql, { keyring: null }));
    expect(await upgrade.sql("SELECT id, payload FROM outbox_events")).toHaveLength(events.length);
    for (const [id, payload] of stored)
      expect(await upgrade.sql("SELECT payload FROM outbox_events WHERE id = $1", [id])).toEqual([
        { payload },
      ]);
  } finally {
    await db.$disconnect();
  }
});

it("stops the upgrade, naming the event, when a reference would render other bytes; rewrites nothing", async () => {
  const { upgrade, db } = await upgradeDatabase("event_forms_refused");
  try {
    // (the second, erased, is not used)
    const [c] = await confirmedContexts(upgrade, db, "u2", 2);
    const execute = (sql: string) => db.$executeRawUnsafe(sql);
    const ctx = await withTreeHeadsLent(execute, () =>
      withAnchorRefsLent(execute, () => readContext(db, c?.id as string, { olderSchema: true })),
    );
    // its data in the order the request gave it, not its stored (canonical) order
    const reordered = Object.fromEntries(Object.entries(ctx.contextData as Json).reverse());
    const asRequested = serializeEnvelope({
      event: "context.created",
      timestamp: c?.at(1) as Date,
      data: contextCreatedData({
        ...ctx,
        contextData: reordered,
        transactionHash: TEST_TX_HASH,
        estimatedConfirmation: ESTIMATE,
      }),
    });
    expect(asRequested).not.toBe(c?.created);
    const events = [
      old("context.created", c?.id as string, asRequested),
      old("context.confirmed", c?.id as string, c?.confirmed as string, skeletonForm(c?.confirmed as string)),
      // a timestamp that is not its row's
      old(
        "context.confirmed",
        c?.id as string,
        c?.confirmed as string,
        undefined,
        new Date("2026-11-29T12:00:00Z"),
      ),
    ];
    await insertOld(upgrade, "u2", events);
    const before = await upgrade.sql("SELECT id, payload FROM outbox_events ORDER BY id");

    const failure = upgrade.migrateAll();
    await expect(failure).rejects.toThrow(/2 events cannot be stored in their one form/);
    await failure.catch((error: Error) => {
      expect(error.message).toContain(`${events[0]?.id} (its reference would render other bytes)`);
      expect(error.message).toContain(`${events[2]?.id} (its reference would render other bytes)`);
      expect(error.message).not.toContain(events[1]?.id as string);
    });
    expect(await upgrade.sql("SELECT id, payload FROM outbox_events ORDER BY id")).toEqual(before);
    expect(await upgrade.sql("SELECT name FROM ctxlog_data_steps WHERE name = 'event_forms'")).toEqual([]);
  } finally {
    await db.$disconnect();
  }
});
