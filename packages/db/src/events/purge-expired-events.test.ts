import { deliveryKeyText } from "@ctxlog/core";
import { Client } from "pg";
import { attemptsOf, createTestDatabase, deliveryKeyOfRow, seedContexts, WITH_WEBHOOK_ID } from "../testing";
import { fanOutEvents } from "../webhooks/fan-out-events";
import { recordAttempts } from "../webhooks/record-attempts";
import { recoverDeliveries } from "../webhooks/recover-deliveries";
import { purgeExpiredEvents } from "./purge-expired-events";
import { recordEvent } from "./record-event";
import { recordTestAttempts, seedUserWithOldWebhook } from "./testing/retention-fixtures";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const SIGNER = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const DAY = 86_400_000;

beforeAll(async () => {
  database = await createTestDatabase("ctxlog_retention_test");
});
afterAll(() => database.drop());

describe("purgeExpiredEvents (PostgreSQL)", () => {
  it("removes old, done events with their deliveries and attempts; keeps pending, recent, unfanned and contexts", async () => {
    const db = database.db;
    const { owner } = await seedUserWithOldWebhook(db);
    const old = new Date(Date.now() - 40 * DAY);
    const ev = (timestamp: Date) =>
      recordEvent(db, { userId: owner.userId, event: "context.created", data: {}, timestamp });
    const [succeeded, failed, pending, recent] = [
      await ev(old),
      await ev(old),
      await ev(old),
      await ev(new Date()),
    ];
    await fanOutEvents(db, { batchSize: 100 });
    const unfanned = await ev(old); // recorded after the fan-out ran: not yet delivered
    // the key of the event's one delivery (to the old webhook)
    const delivery = async (eventId: string) =>
      db.webhookDelivery
        .findFirstOrThrow({ where: { eventId }, include: WITH_WEBHOOK_ID })
        .then(deliveryKeyOfRow);
    await recordTestAttempts(database.db, await delivery(succeeded.id), true);
    await recordTestAttempts(database.db, await delivery(failed.id), false, 5);
    await recordTestAttempts(database.db, await delivery(pending.id), false, 2);
    await recordTestAttempts(database.db, await delivery(recent.id), true);
    const contexts = await seedContexts(db, owner, { count: 2, signerPrivateKey: SIGNER });
    await db.context.updateMany({ where: { id: { in: contexts } }, data: { createdAt: old } });

    const cutoff = new Date(Date.now() - 30 * DAY);
    const result = await purgeExpiredEvents(db, { cutoff, batchSize: 100 });
    expect(result).toEqual({ claimed: 2, events: 2, deliveries: 2, attempts: 6 });
    const left = await db.outboxEvent.findMany({ where: { userId: owner.userId }, select: { id: true } });
    expect(left.map((e) => e.id).sort()).toEqual([pending.id, recent.id, unfanned.id].sort());
    expect(await db.webhookDelivery.count({ where: { eventId: { in: [succeeded.id, failed.id] } } })).toBe(0);
    const kept = await delivery(pending.id);
    expect(await attemptsOf(db, kept)).toHaveLength(2);
    expect(await db.context.count({ where: { id: { in: contexts } } })).toBe(2);
    expect(await purgeExpiredEvents(db, { cutoff, batchSize: 100 })).toMatchObject({ claimed: 0 });
  });

  it("never removes a delivery a concurrent recover reopened, in small batches alongside it", async () => {
    const db = database.db;
    const { owner, hook } = await seedUserWithOldWebhook(db);
    const old = new Date(Date.now() - 40 * DAY);
    const events = [];
    for (let i = 0; i < 60; i++) {
      const timestamp = new Date(old.getTime() + i);
      events.push(
        await recordEvent(db, { userId: owner.userId, event: "context.created", data: { i }, timestamp }),
      );
    }
    await fanOutEvents(db, { batchSize: 100 });
    const deliveries = (
      await db.webhookDelivery.findMany({
        where: { webhook: { id: hook.id } },
        include: WITH_WEBHOOK_ID,
        orderBy: { eventId: "asc" },
      })
    ).map(deliveryKeyOfRow);
    // fail them all at once (one statement per round, as the worker records)
    for (let n = 0; n < 5; n++) {
      const now = new Date();
      await recordAttempts(
        db,
        deliveries.map((d) => ({
          eventId: d.eventId,
          webhookId: d.webhookId,
          cycle: 1,
          attemptedAt: now,
          finishedAt: now,
          durationMs: 1,
          responseStatus: 500,
          error: "HTTP 500",
          succeeded: false,
        })),
        [1, 1, 1, 1],
      );
    }

    const cutoff = new Date(Date.now() - 30 * DAY);
    const purge = (async () => {
      let removed = 0;
      for (;;) {
        const r = await purgeExpiredEvents(db, { cutoff, batchSize: 5 });
        removed += r.deliveries;
        if (r.claimed < 5) return removed;
      }
    })();
    // recovers of single deliveries racing the batches: newest first, while the purge goes oldest
    // first, so they meet somewhere (where depends on timing; the outcome must not)
    const reopened: string[] = []; // their keys (deliveryKeyText)
    // one window per delivery: each event was recorded at its own millisecond
    const eventTime = new Map(events.map((e) => [e.id, e.createdAt]));
    for (const d of deliveries.filter((_, i) => i % 2 === 1).reverse()) {
      const at = eventTime.get(d.eventId) as Date;
      const keys = (
        await recoverDeliveries(db, hook.id, { since: at, until: new Date(at.getTime() + 1) })
      ).map(deliveryKeyText);
      expect(keys.every((k) => k === deliveryKeyText(d))).toBe(true);
      reopened.push(...keys);
    }
    const removed = await purge;

    const rows = await db.webhookDelivery.findMany({
      where: { webhook: { id: hook.id } },
      include: WITH_WEBHOOK_ID,
    });
    const eventsKept = await db.outboxEvent.count({ where: { id: { in: rows.map((r) => r.eventId) } } });
    expect(eventsKept).toBe(rows.length);
    // everything reopened is still there, pending, with its event (the body it will send)
    expect(
      rows.filter((r) => reopened.includes(deliveryKeyText(deliveryKeyOfRow(r)))).map((r) => r.status),
    ).toEqual(reopened.map(() => "pending"));
    for (const r of rows) expect(r.status).toBe("pending");
    expect(rows.length).toBe(reopened.length);
    expect(removed + reopened.length).toBe(60);
  });

  it("waits at most lockTimeoutMs for a delivery another transaction holds, then gives up the batch", async () => {
    const db = database.db;
    const { owner } = await seedUserWithOldWebhook(db);
    const old = new Date(Date.now() - 40 * DAY);
    const event = await recordEvent(db, {
      userId: owner.userId,
      event: "context.created",
      data: {},
      timestamp: old,
    });
    await fanOutEvents(db, { batchSize: 100 });
    const delivery = await db.webhookDelivery.findFirstOrThrow({
      where: { eventId: event.id },
      include: WITH_WEBHOOK_ID,
    });
    await recordTestAttempts(database.db, deliveryKeyOfRow(delivery), true);
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT 1 FROM webhook_deliveries WHERE event_id = $1 FOR UPDATE", [event.id]);
      const cutoff = new Date(Date.now() - 30 * DAY);
      await expect(
        purgeExpiredEvents(db, { cutoff, batchSize: 100, lockTimeoutMs: 50 }),
      ).rejects.toMatchObject({
        code: "55P03",
      });
      await holder.query("ROLLBACK");
      expect(await db.outboxEvent.count({ where: { id: event.id } })).toBe(1);
      expect(await purgeExpiredEvents(db, { cutoff, batchSize: 100 })).toMatchObject({ events: 1 });
    } finally {
      await holder.end();
    }
  });
});
