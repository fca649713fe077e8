// Integration: real PostgreSQL. The migration that keys a delivery by its event and webhook and drops
// its user (20261127231127_deliveries_keyed_by_event), applied to a database holding deliveries the
// fan-out and the worker wrote before it (one attempted, one pending): each reads the same through
// the API's reads and the worker's, the pending one is still attempted, the search box finds a
// delivery for its webhook's user only, and a second delivery of an event to a webhook is refused.
// (Since 20261130233000_deliveries_keyed_by_webhook_and_event the key is (webhook_id, event_id) and
// a delivery's public id is its event's: what is read after the upgrade names it so. Since
// 20261201020000_deliveries_name_their_webhook_by_ref the row names its webhook by webhooks.ref: the
// key is (webhook_ref, event_id).)
import { deliveryIdOf, deliveryKeyText } from "@ctxlog/core";
import { createDb } from "../client";
import { searchRecords } from "../search/search-records";
import { createUpgradeDatabase, type UpgradeDatabase } from "../testing/upgrade-database";
import { getDelivery } from "./get-delivery";
import { listDeliveries } from "./list-deliveries";
import { loadDeliveryTargets } from "./load-delivery-targets";
import { recordAttempts } from "./record-attempts";

const MIGRATION = "20261127231127_deliveries_keyed_by_event";
let upgrade: UpgradeDatabase;
beforeAll(async () => {
  upgrade = await createUpgradeDatabase(MIGRATION, "deliveries_key");
});
afterAll(() => upgrade.drop());
const sql = <T>(text: string, values: unknown[] = []) => upgrade.sql<T>(text, values);

const EVENTS = ["evt_01KAA0000000000000000000E1", "evt_01KAA0000000000000000000E2"];
// their ids as written before, and their public ids since: their events'
const DONE = "dlv_01KAA0000000000000000000D1";
const PENDING = "dlv_01KAA0000000000000000000D2";
const [DONE_ID, PENDING_ID] = EVENTS.map(deliveryIdOf) as [string, string];

it("keeps every delivery, readable and attemptable by its event and webhook, scoped by the webhook's user", async () => {
  await upgrade.migrateToBefore();
  await upgrade.seedOwner({ userId: "u1", keyId: "key_1", familyId: "fam_1" });
  await upgrade.seedOwner({ userId: "u2", keyId: "key_2", familyId: "fam_2" });
  await sql(
    `INSERT INTO webhooks (id, user_id, url, events, secret, updated_at)
     VALUES ('whk_1', 'u1', 'https://example.com/h', '{context.created}', 'plain', now())`,
  );
  for (const [i, id] of EVENTS.entries()) {
    await sql(
      `INSERT INTO outbox_events (id, user_id, event, payload, created_at)
       VALUES ($1, 'u1', 'context.created', $2, now())`,
      [id, `{"n":${i}}`],
    );
  }
  // as the fan-out and the worker wrote them: one attempted once (first attempt in the row), one due
  await sql(
    `INSERT INTO webhook_deliveries (id, webhook_id, user_id, event_id, event, status, attempts, response_status,
       last_attempt_at, created_at, updated_at, first_attempted_at, first_duration_ms, first_response_status,
       first_response_body)
     VALUES ($1, 'whk_1', 'u1', $2, 'context.created', 'succeeded', 1, 200, now(), now(), now(), now(), 9, 200, 'ok')`,
    [DONE, EVENTS[0]],
  );
  await sql(
    `INSERT INTO webhook_deliveries (id, webhook_id, user_id, event_id, event, next_attempt_at, created_at, updated_at)
     VALUES ($1, 'whk_1', 'u1', $2, 'context.created', now(), now(), now())`,
    [PENDING, EVENTS[1]],
  );

  expect(await upgrade.migrateAll()).toContain(MIGRATION);

  const columns = await sql<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_name = 'webhook_deliveries'`,
  );
  expect(columns.map((c) => c.column_name)).not.toContain("user_id");
  const key = await sql<{ def: string }>(
    `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'webhook_deliveries_pkey'`,
  );
  expect(key).toEqual([{ def: "PRIMARY KEY (webhook_ref, event_id)" }]);

  const db = createDb(upgrade.url, { poolSize: 1 });
  try {
    const done = await getDelivery(db, "whk_1", DONE_ID);
    expect(done).toMatchObject({ id: DONE_ID, eventId: EVENTS[0], status: "succeeded" });
    expect(done?.attemptLog.map((a) => [a.number, a.responseStatus, a.responseBody])).toEqual([
      [1, 200, "ok"],
    ]);
    expect(await getDelivery(db, "whk_other", DONE_ID)).toBeNull();
    expect(await getDelivery(db, "whk_1", DONE)).toBeNull(); // its old id names no delivery now
    expect((await listDeliveries(db, "whk_1", { limit: 10 })).rows.map((d) => d.id)).toEqual([
      PENDING_ID,
      DONE_ID,
    ]);

    // the worker: by the job's key (the delivery's event and webhook)
    const pendingEvent = EVENTS[1] as string;
    const pending = { eventId: pendingEvent, webhookId: "whk_1" };
    expect((await loadDeliveryTargets(db, [pending])).get(deliveryKeyText(pending))).toMatchObject({
      id: PENDING_ID,
      eventId: pendingEvent,
      payload: '{"n":1}',
      status: "pending",
    });
    const now = new Date();
    const recorded = await recordAttempts(
      db,
      [
        {
          ...pending,
          cycle: 1,
          attemptedAt: now,
          finishedAt: now,
          durationMs: 4,
          responseStatus: 200,
          error: null,
          succeeded: true,
        },
      ],
      [1, 1, 1, 1],
    );
    expect(recorded.get(deliveryKeyText(pending))).toMatchObject({
      deliveryId: PENDING_ID,
      attempts: 1,
      status: "succeeded",
    });

    // the user is the webhook's
    expect(await searchRecords(db, "u1", DONE_ID)).toEqual([
      expect.objectContaining({ kind: "delivery", id: DONE_ID, webhookId: "whk_1" }),
    ]);
    expect(await searchRecords(db, "u2", DONE_ID)).toEqual([]);

    // one delivery per event and webhook, as the fan-out's ON CONFLICT relies on
    // (the row names the webhook by its ref)
    const [whk1] = await sql<{ ref: number }>("SELECT ref FROM webhooks WHERE id = 'whk_1'");
    expect(whk1?.ref).toEqual(expect.any(Number));
    const again = await sql(
      `INSERT INTO webhook_deliveries (webhook_ref, event_id) VALUES ($1, $2)
       ON CONFLICT (webhook_ref, event_id) DO NOTHING RETURNING event_id`,
      [whk1?.ref, EVENTS[0]],
    );
    expect(again).toEqual([]);
  } finally {
    await db.$disconnect();
  }
});
