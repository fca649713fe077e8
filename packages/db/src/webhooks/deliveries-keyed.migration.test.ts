// Integration: real PostgreSQL. The migration that names a delivery by its webhook and its event
// alone (20261130233000_deliveries_keyed_by_webhook_and_event: key (webhook_id, event_id), no id
// column, no second index), applied to a database holding deliveries written before, with their
// own random ids: one event delivered to two webhooks, another still due. Each reads the same by
// its new public id (its event's, as `dlv_`), in the webhook's list, the event's deliveries and the
// reconciler's due list, and moves on (a retry) as before; its old id names nothing.
import { deliveryIdOf } from "@ctxlog/core";
import { createDb } from "../client";
import { listEvents } from "../events/list-events";
import { createUpgradeDatabase, idAt, type UpgradeDatabase } from "../testing/upgrade-database";
import { findDueDeliveries } from "./find-due-deliveries";
import { getDelivery } from "./get-delivery";
import { listDeliveries } from "./list-deliveries";
import { retryDelivery } from "./retry-delivery";

const MIGRATION = "20261130233000_deliveries_keyed_by_webhook_and_event";
const MINUTE = 60_000;
const upgrades: UpgradeDatabase[] = [];
afterAll(() => Promise.all(upgrades.map((u) => u.drop())));

it("names each delivery by its webhook and event: read, listed, due and retried the same, by its event's id", async () => {
  const upgrade = await createUpgradeDatabase(MIGRATION, "deliveries_keyed");
  upgrades.push(upgrade);
  await upgrade.migrateToBefore();
  await upgrade.seedOwner({ userId: "u1", keyId: "key_1", familyId: "fam_1" });
  const now = Date.now();
  const at = (minutesAgo: number) => new Date(now - minutesAgo * MINUTE);
  await upgrade.seedWebhooks("u1", ["whk_1", "whk_2"], at(120));
  const first = idAt("evt", at(60), 1);
  const second = idAt("evt", at(30), 2);
  for (const [id, minutesAgo] of [
    [first, 60],
    [second, 30],
  ] as const)
    await upgrade.sql(
      `INSERT INTO outbox_events (id, user_id, event, payload, created_at)
       VALUES ($1, 'u1', 'context.created', '{"event":"context.created"}', $2)`,
      [id, at(minutesAgo)],
    );
  // as the fan-out wrote them, each with an id of its own minted a moment after its event
  const old = {
    succeeded: idAt("dlv", at(59), 7),
    failed: idAt("dlv", at(59), 8),
    due: idAt("dlv", at(29), 9),
  };
  await upgrade.sql(
    `INSERT INTO webhook_deliveries (id, webhook_id, event_id, status, attempts, response_status, error_message,
                                     last_attempt_at, next_attempt_at, first_attempted_at, first_duration_ms,
                                     first_response_status, first_error)
     VALUES ($1, 'whk_1', $4, 'succeeded', 1, 200, NULL, $6, NULL, $6, 5, 200, NULL),
            ($2, 'whk_2', $4, 'failed', 2, 500, 'HTTP 500', $7, NULL, $6, 5, 500, 'HTTP 500'),
            ($3, 'whk_1', $5, 'pending', 0, NULL, NULL, NULL, $8, NULL, NULL, NULL, NULL)`,
    [old.succeeded, old.failed, old.due, first, second, at(59), at(58), at(1)],
  );
  await upgrade.sql(
    `INSERT INTO webhook_attempts (event_id, webhook_id, cycle, number, attempted_at, duration_ms, response_status, error)
     VALUES ($1, 'whk_2', 1, 2, $2, 7, 500, 'HTTP 500')`,
    [first, at(58)],
  );

  // the schema this migration made (later ones name a delivery's webhook by its ref instead)
  expect(await upgrade.migrateThrough(MIGRATION)).toEqual([MIGRATION]);
  const indexes = await upgrade.sql<{ indexdef: string }>(
    "SELECT indexdef FROM pg_indexes WHERE tablename = 'webhook_deliveries' ORDER BY indexname",
  );
  expect(indexes.map((i) => i.indexdef.replace(/^.* USING btree /, ""))).toEqual([
    "(next_attempt_at, event_id, webhook_id) WHERE (status = 'pending'::\"DeliveryStatus\")",
    "(webhook_id, event_id) WHERE (status = 'failed'::\"DeliveryStatus\")",
    "(webhook_id, event_id)",
  ]);
  const columns = await upgrade.sql(
    "SELECT 1 FROM information_schema.columns WHERE table_name = 'webhook_deliveries' AND column_name = 'id'",
  );
  expect(columns).toEqual([]);

  // read and moved on by today's code, at today's schema
  const later = await upgrade.migrateAll();
  expect(later.length).toBeGreaterThan(0);
  expect(later.every((name) => name > MIGRATION)).toBe(true);
  const db = createDb(upgrade.url, { poolSize: 2 });
  try {
    // one event, the same public id at each webhook, each its own delivery
    const id = deliveryIdOf(first);
    const delivered = await getDelivery(db, "whk_1", id);
    expect(delivered).toMatchObject({ id, eventId: first, status: "succeeded", createdAt: at(60) });
    expect(delivered?.attemptLog.map((a) => a.number)).toEqual([1]);
    const failed = await getDelivery(db, "whk_2", id);
    expect(failed).toMatchObject({ id, status: "failed", attempts: 2, errorMessage: "HTTP 500" });
    expect(failed?.attemptLog.map((a) => [a.number, a.responseStatus])).toEqual([
      [1, 500],
      [2, 500],
    ]);
    // an id of before names nothing now
    for (const [hook, gone] of [
      ["whk_1", old.succeeded],
      ["whk_2", old.failed],
    ])
      expect(await getDelivery(db, hook as string, gone as string)).toBeNull();

    // newest first within the webhook, a page at a time
    const page1 = await listDeliveries(db, "whk_1", { limit: 1 });
    expect(page1.rows.map((d) => d.id)).toEqual([deliveryIdOf(second)]);
    const page2 = await listDeliveries(db, "whk_1", { limit: 1, after: page1.rows[0]?.id });
    expect(page2.rows.map((d) => [d.id, d.createdAt.getTime()])).toEqual([[id, at(60).getTime()]]);
    // the event's deliveries, one per webhook
    const events = await listEvents(db, "u1", { limit: 10 });
    const ofFirst = events.rows.find((e) => e.id === first);
    expect(ofFirst?.deliveries.map((d) => [d.id, d.webhookId, d.status])).toEqual([
      [id, "whk_1", "succeeded"],
      [id, "whk_2", "failed"],
    ]);
    // the reconciler's due list names it by its key
    const [whk1] = await upgrade.sql<{ ref: number }>("SELECT ref FROM webhooks WHERE id = 'whk_1'");
    expect(await findDueDeliveries(db, { limit: 10 })).toEqual([
      { eventId: second, webhookId: "whk_1", webhookRef: whk1?.ref, nextAttemptAt: at(1) },
    ]);
    // and the failed one starts a new cycle as before
    expect((await retryDelivery(db, "whk_2", id)).outcome).toBe("retried");
    expect(await getDelivery(db, "whk_2", id)).toMatchObject({ status: "pending", cycle: 2 });
    expect(await getDelivery(db, "whk_1", id)).toMatchObject({ status: "succeeded", cycle: 1 });
  } finally {
    await db.$disconnect();
  }
});
