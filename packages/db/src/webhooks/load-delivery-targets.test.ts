// Integration: real PostgreSQL (a fresh database). The webhook worker's read of a batch of
// deliveries (load-delivery-targets.sql, one statement): each body is the event as GET /v1/events
// renders it (render-payloads.sql). Both read a reference's context through the view
// ctxlog_context_references, and tell a reference from an envelope with ctxlog_event_is_reference
// (migration 20261130005000_context_references), which must say what @ctxlog/core's
// isEventReference says; the planner inlines both, so the statement reaches a reference's context
// by the primary key of contexts.
import {
  CONFIRMED_REFERENCE,
  createdReference,
  deliveryIdOf,
  deliveryKeyText,
  generateWebhookSecret,
  isEventReference,
  storedPayload,
} from "@ctxlog/core";
import { confirmAnchor } from "../anchors/confirm-anchor";
import { recordEvent } from "../events/record-event";
import { renderPayloads } from "../events/render-payloads";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import {
  claimTestBatch,
  createTestDatabase,
  proofReachesRoot,
  seedContexts,
  seedUser,
  testSecretKeyring,
} from "../testing";
import {
  TEST_BLOCK_HASH as BLOCK,
  markAnchorMined,
  TEST_CONTEXT_SIGNER as SIGNER,
  TEST_ANCHOR_TARGET as TARGET,
  TEST_TX_HASH,
} from "../testing/anchor-fixtures";
import { createWebhook } from "./create-webhook";
import { eventIdBounds } from "./event-id-bounds";
import { fanOutEvents } from "./fan-out-events";
import { loadDeliveryTargets } from "./load-delivery-targets";
import { deliveryTargetsOf } from "./load-delivery-targets.queries";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase("ctxlog_delivery_targets_test");
});
afterAll(() => database.drop());

/** The deliveries of one webhook of a user whose contexts were confirmed in one batch, and one failure. */
async function deliveriesOfConfirmedBatch(contexts: number) {
  const db = database.db;
  const owner = await seedUser(db);
  const hook = await createWebhook(db, {
    userId: owner.userId,
    url: "https://example.org/in",
    events: ["context.confirmed", "context.failed"],
    description: "",
    secret: generateWebhookSecret(),
    keyring: testSecretKeyring(),
    maxPerUser: 10,
  });
  const ids = await seedContexts(db, owner, { count: contexts, signerPrivateKey: SIGNER });
  const batch = await claimTestBatch(db, TARGET, ids);
  const anchorId = batch?.anchorId as string;
  await markAnchorMined(db, anchorId);
  expect(await confirmAnchor(db, anchorId, BLOCK, 3)).toEqual({ confirmed: contexts });
  // an event that names a context but is stored whole (an envelope): its context is not read
  const failed = await recordEvent(db, {
    userId: owner.userId,
    event: "context.failed",
    contextId: ids[0] as string,
    data: { context_id: ids[0], error: "test" },
  });
  while ((await fanOutEvents(db, { batchSize: 1_000 })).events > 0);
  // their keys (the rows name the webhook by its ref)
  const deliveries = (await db.webhookDelivery.findMany({ where: { webhook: { id: hook.id } } })).map(
    (d) => ({
      eventId: d.eventId,
      webhookId: hook.id,
    }),
  );
  return { owner, ids, failed, deliveries };
}

it("tells a reference from an envelope as @ctxlog/core does (ctxlog_event_is_reference)", async () => {
  const forms = [
    CONFIRMED_REFERENCE,
    createdReference(TEST_TX_HASH, new Date()),
    createdReference(null, null),
    storedPayload({ event: "context.failed", timestamp: new Date(), data: { n: "~A" } }, null),
    "",
  ];
  const rows = await database.db.$queryRaw<{ form: string; reference: boolean }[]>`
    SELECT form, ctxlog_event_is_reference(form) AS reference FROM unnest(${forms}::text[]) AS form`;
  expect(rows.map((r) => [r.form, r.reference])).toEqual(forms.map((f) => [f, isEventReference(f)]));
  expect(rows.filter((r) => r.reference)).toHaveLength(3);
});

it("sends each event's body as GET /v1/events shows it: references rendered from their context and batch", async () => {
  const db = database.db;
  const { owner, ids, failed, deliveries } = await deliveriesOfConfirmedBatch(3);
  expect(deliveries).toHaveLength(4);
  const targets = await loadDeliveryTargets(
    db,
    deliveries.map((d) => ({ eventId: d.eventId, webhookId: d.webhookId })),
  );
  const events = await db.outboxEvent.findMany({ where: { userId: owner.userId } });
  const shown = new Map((await renderPayloads(db, events)).map((e) => [e.id, e.payload]));
  for (const d of deliveries) {
    const target = targets.get(deliveryKeyText(d));
    expect({ event: d.eventId, id: target?.id, body: target?.payload }).toEqual({
      event: d.eventId,
      id: deliveryIdOf(d.eventId),
      body: shown.get(d.eventId),
    });
  }
  const confirmed = deliveries
    .filter((d) => d.eventId !== failed.id)
    .map((d) => JSON.parse(targets.get(deliveryKeyText(d))?.payload ?? "{}"));
  // each from its own context, its proof read out of the log's tiles: it reaches the anchored root
  expect(confirmed.map((b) => b.data.context_id).sort()).toEqual([...ids].sort());
  for (const { event, data } of confirmed) {
    expect({ event, tx: data.transaction_hash }).toEqual({ event: "context.confirmed", tx: TEST_TX_HASH });
    const placed = {
      entryHash: data.entry_hash ?? null,
      contextHash: data.context_hash,
      leafIndex: data.proof.leaf_index,
      merkleProof: data.proof.merkle_proof,
    };
    expect(data.proof.tree_size).toBeGreaterThan(0);
    expect(proofReachesRoot(placed, data.proof.merkle_root, data.proof.tree_size)).toBe(true);
  }
  const envelope = deliveries.find((d) => d.eventId === failed.id);
  expect(envelope && targets.get(deliveryKeyText(envelope))?.payload).toBe(failed.payload);
});

it("reaches a reference's context by its primary key: the view is inlined into the one statement", async () => {
  const db = database.db;
  await deliveriesOfConfirmedBatch(200);
  const { deliveries } = await deliveriesOfConfirmedBatch(2);
  await db.$executeRawUnsafe("ANALYZE");
  const keys = deliveries.map((d) => ({ eventId: d.eventId, webhookId: d.webhookId }));
  const sql = sqlOf(db);
  let plan: { "QUERY PLAN": string }[] = [];
  // sent as the pool sends it (unnamed, so planned with the values bound)
  await runQuery(
    deliveryTargetsOf,
    {
      webhookIds: keys.map((k) => k.webhookId),
      eventIds: keys.map((k) => k.eventId),
      ...eventIdBounds(keys),
    },
    async (text, values) => {
      plan = await sql<{ "QUERY PLAN": string }>(`EXPLAIN ${text}`, values);
      return [];
    },
  );
  const text = plan.map((r) => r["QUERY PLAN"]).join("\n");
  expect(text).toMatch(/Index Scan using contexts_pkey on contexts/);
  expect(text).not.toMatch(/Seq Scan on contexts|Subquery Scan/);
});
