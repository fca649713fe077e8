// Integration: real PostgreSQL (a fresh database). The overview's service-wide and webhook counts:
// batches waiting (in flight: queued, sent, mined) and the user's deliveries failed in the last day.
import { recordEvent } from "../events/record-event";
import { recordTestAttempts, seedUserWithOldWebhook } from "../events/testing/retention-fixtures";
import {
  claimTestBatch,
  createTestDatabase,
  deliveryKeyOfRow,
  seedContexts,
  WITH_WEBHOOK_ID,
} from "../testing";
import { TEST_CONTEXT_SIGNER as SIGNER, TEST_ANCHOR_TARGET as TARGET } from "../testing/anchor-fixtures";
import { fanOutEvents } from "../webhooks/fan-out-events";
import { readOverview } from "./read-overview";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase("ctxlog_read_overview_test");
});
afterAll(() => database.drop());

it("counts the batches in flight, and the user's deliveries that failed in the last 24 hours", async () => {
  const db = database.db;
  const { owner } = await seedUserWithOldWebhook(db);
  const stranger = await seedUserWithOldWebhook(db);
  const failedDelivery = async (userId: string) => {
    const event = await recordEvent(db, { userId, event: "context.created", data: {} });
    await fanOutEvents(db, { batchSize: 100 });
    const delivery = deliveryKeyOfRow(
      await db.webhookDelivery.findFirstOrThrow({ where: { eventId: event.id }, include: WITH_WEBHOOK_ID }),
    );
    await recordTestAttempts(db, delivery, false, 5);
    return delivery;
  };
  await failedDelivery(owner.userId);
  const earlier = await failedDelivery(owner.userId);
  await failedDelivery(stranger.owner.userId);
  // failed at its last attempt 25 hours ago (its attempts all made then): out of the window
  await db.$executeRaw`
    UPDATE webhook_deliveries SET first_attempted_at = now() - interval '25 hours'
     WHERE webhook_ref = (SELECT ref FROM webhooks WHERE id = ${earlier.webhookId}) AND event_id = ${earlier.eventId}`;
  await db.$executeRaw`
    UPDATE webhook_attempts SET attempted_at = now() - interval '25 hours'
     WHERE webhook_ref = (SELECT ref FROM webhooks WHERE id = ${earlier.webhookId}) AND event_id = ${earlier.eventId}`;
  expect(await db.webhookDelivery.count({ where: { status: "failed" } })).toBe(3);

  const [a, b, c] = (await seedContexts(db, owner, { count: 3, signerPrivateKey: SIGNER })) as [
    string,
    string,
    string,
  ];
  const queued = await claimTestBatch(db, TARGET, [a]);
  const sent = await claimTestBatch(db, TARGET, [b]);
  const ended = await claimTestBatch(db, TARGET, [c]);
  await db.$executeRaw`UPDATE anchors SET status = 'sent' WHERE id = ${sent?.anchorId}`;
  await db.$executeRaw`UPDATE anchors SET status = 'failed', failed_at = now() WHERE id = ${ended?.anchorId}`;
  expect(queued).not.toBeNull();

  const overview = await readOverview(db, owner.userId, { network: "anvil" });
  expect(overview.batchesWaiting).toBe(2);
  expect(overview.deliveriesFailed24h).toBe(1);
  expect(overview.webhooksByHealth).toMatchObject({ disabled: 0 });
  expect(overview.chainStatus).toBeNull();
  expect((await readOverview(db, stranger.owner.userId, { network: "anvil" })).deliveriesFailed24h).toBe(1);
});
