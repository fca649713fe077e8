// Integration: real PostgreSQL. The migration that names a delivery's and an attempt's webhook by
// its 4-byte ref (20261201020000_deliveries_name_their_webhook_by_ref: webhook_ref where the
// webhook's id was), applied to a database holding deliveries and attempts written before: one event
// delivered to two webhooks (one failed after a second attempt, kept as a row of its own), another
// still due. Each reads the same by its webhook's id — its attempts, its webhook's list and rates,
// its event's deliveries, the reconciler's due list — and moves on (an attempt, a retry) as before.
import { deliveryIdOf } from "@ctxlog/core";
import { createDb } from "../client";
import { listEvents } from "../events/list-events";
import { createUpgradeDatabase, idAt, type UpgradeDatabase } from "../testing/upgrade-database";
import { findDueDeliveries } from "./find-due-deliveries";
import { getDelivery } from "./get-delivery";
import { listDeliveries } from "./list-deliveries";
import { readDeliveryRates } from "./read-delivery-rates";
import { recordAttempts } from "./record-attempts";
import { retryDelivery } from "./retry-delivery";

const MIGRATION = "20261201020000_deliveries_name_their_webhook_by_ref";
const MINUTE = 60_000;
const upgrades: UpgradeDatabase[] = [];
afterAll(() => Promise.all(upgrades.map((u) => u.drop())));

it("names each delivery's webhook by its ref: read, listed, counted, due, attempted and retried the same", async () => {
  const upgrade = await createUpgradeDatabase(MIGRATION, "deliveries_by_ref");
  upgrades.push(upgrade);
  await upgrade.migrateToBefore();
  await upgrade.seedOwner({ userId: "u1", keyId: "key_1", familyId: "fam_1" });
  await upgrade.seedOwner({ userId: "u2", keyId: "key_2", familyId: "fam_2" });
  const now = Date.now();
  const at = (minutesAgo: number) => new Date(now - minutesAgo * MINUTE);
  await upgrade.seedWebhooks("u1", ["whk_1", "whk_2"], at(120));
  await upgrade.seedWebhooks("u2", ["whk_9"], at(120));
  const first = idAt("evt", at(60), 1);
  const second = idAt("evt", at(30), 2);
  const elsewhere = idAt("evt", at(30), 3);
  for (const [id, user, minutesAgo] of [
    [first, "u1", 60],
    [second, "u1", 30],
    [elsewhere, "u2", 30],
  ] as const)
    await upgrade.sql(
      `INSERT INTO outbox_events (id, user_id, event, payload, created_at)
       VALUES ($1, $2, 'context.created', '{"event":"context.created"}', $3)`,
      [id, user, at(minutesAgo)],
    );
  await upgrade.sql(
    `INSERT INTO webhook_deliveries (webhook_id, event_id, status, attempts, response_status, error_message,
                                     last_attempt_at, next_attempt_at, first_attempted_at, first_duration_ms,
                                     first_response_status, first_error)
     VALUES ('whk_1', $1, 'succeeded', 1, 200, NULL, $4, NULL, $4, 5, 200, NULL),
            ('whk_2', $1, 'failed', 2, 500, 'HTTP 500', $5, NULL, $4, 5, 500, 'HTTP 500'),
            ('whk_1', $2, 'pending', 0, NULL, NULL, NULL, $6, NULL, NULL, NULL, NULL),
            ('whk_9', $3, 'pending', 0, NULL, NULL, NULL, $6, NULL, NULL, NULL, NULL)`,
    [first, second, elsewhere, at(59), at(58), at(1)],
  );
  await upgrade.sql(
    `INSERT INTO webhook_attempts (event_id, webhook_id, cycle, number, attempted_at, duration_ms, response_status, error)
     VALUES ($1, 'whk_2', 1, 2, $2, 7, 500, 'HTTP 500')`,
    [first, at(58)],
  );

  expect(await upgrade.migrateAll()).toContain(MIGRATION);
  // no table holds the webhook's id beside a delivery any more; each webhook has its own ref
  const idColumns = await upgrade.sql(
    `SELECT table_name FROM information_schema.columns
      WHERE table_name IN ('webhook_deliveries', 'webhook_attempts') AND column_name = 'webhook_id'`,
  );
  expect(idColumns).toEqual([]);
  const refs = await upgrade.sql<{ ref: number }>("SELECT ref FROM webhooks ORDER BY id");
  expect(new Set(refs.map((r) => r.ref)).size).toBe(3);
  const indexes = await upgrade.sql<{ indexdef: string }>(
    "SELECT indexdef FROM pg_indexes WHERE tablename IN ('webhook_deliveries', 'webhook_attempts') ORDER BY indexname",
  );
  expect(indexes.map((i) => i.indexdef.replace(/^.* USING btree /, ""))).toEqual([
    "(event_id, webhook_ref, cycle, number)",
    "(next_attempt_at, event_id, webhook_ref) WHERE (status = 'pending'::\"DeliveryStatus\")",
    "(webhook_ref, event_id) WHERE (status = 'failed'::\"DeliveryStatus\")",
    "(webhook_ref, event_id)",
  ]);
  // a webhook with deliveries is still not deleted from under them
  await expect(upgrade.sql("DELETE FROM webhooks WHERE id = 'whk_2'")).rejects.toThrow(/foreign key/);

  const db = createDb(upgrade.url, { poolSize: 2 });
  try {
    const id = deliveryIdOf(first);
    const delivered = await getDelivery(db, "whk_1", id);
    expect(delivered).toMatchObject({ id, webhookId: "whk_1", eventId: first, status: "succeeded" });
    expect(delivered?.attemptLog.map((a) => [a.number, a.responseStatus])).toEqual([[1, 200]]);
    const failed = await getDelivery(db, "whk_2", id);
    expect(failed).toMatchObject({ id, webhookId: "whk_2", status: "failed", attempts: 2 });
    expect(failed?.attemptLog.map((a) => [a.number, a.responseStatus])).toEqual([
      [1, 500],
      [2, 500],
    ]);
    // another user's webhook does not reach them
    expect(await getDelivery(db, "whk_9", id)).toBeNull();

    // each webhook lists its own, newest first
    expect((await listDeliveries(db, "whk_1", { limit: 10 })).rows.map((d) => d.eventId)).toEqual([
      second,
      first,
    ]);
    expect(
      (await listDeliveries(db, "whk_2", { limit: 10 })).rows.map((d) => [d.eventId, d.webhookId]),
    ).toEqual([[first, "whk_2"]]);
    // the event's deliveries, one per webhook, by id
    const events = await listEvents(db, "u1", { limit: 10 });
    expect(events.rows.find((e) => e.id === first)?.deliveries.map((d) => [d.webhookId, d.status])).toEqual([
      ["whk_1", "succeeded"],
      ["whk_2", "failed"],
    ]);
    // the rates count each webhook's attempts alone
    const window = { since: at(120), until: new Date(now + MINUTE) };
    const rates = async (hook: string) =>
      (await readDeliveryRates(db, hook, window)).buckets.reduce((n, b) => n + b.attempts, 0);
    expect([await rates("whk_1"), await rates("whk_2")]).toEqual([1, 2]);

    // the due list names each by its webhook's id, a page at a time
    const due = await findDueDeliveries(db, { limit: 1 });
    expect(due.map((d) => [d.eventId, d.webhookId])).toEqual([[second, "whk_1"]]);
    const next = await findDueDeliveries(db, { limit: 1, after: due[0] });
    expect(next.map((d) => [d.eventId, d.webhookId])).toEqual([[elsewhere, "whk_9"]]);
    expect(await findDueDeliveries(db, { limit: 1, after: next[0] })).toEqual([]);

    // an attempt is recorded on the delivery of its webhook, not the other user's of the same time
    const attemptedAt = new Date();
    const recorded = await recordAttempts(
      db,
      [
        {
          eventId: second,
          webhookId: "whk_1",
          cycle: 1,
          attemptedAt,
          finishedAt: attemptedAt,
          durationMs: 3,
          responseStatus: 200,
          error: null,
          succeeded: true,
        },
      ],
      [1, 1, 1, 1],
    );
    expect([...recorded.values()].map((r) => r.status)).toEqual(["succeeded"]);
    expect(await getDelivery(db, "whk_9", deliveryIdOf(elsewhere))).toMatchObject({ status: "pending" });
    // and a retry opens a new cycle at one webhook only
    expect((await retryDelivery(db, "whk_2", id)).outcome).toBe("retried");
    expect(await getDelivery(db, "whk_2", id)).toMatchObject({ status: "pending", cycle: 2 });
    expect(await getDelivery(db, "whk_1", id)).toMatchObject({ status: "succeeded", cycle: 1 });
  } finally {
    await db.$disconnect();
  }
});
