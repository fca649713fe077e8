// Integration: real PostgreSQL. The migration that keys an event by its user and id
// (20261130173000_events_keyed_by_user), applied to a database holding events as they were written
// before (keyed by id, the fan-out's queue naming the id alone): each queued event is fanned out to
// its user's webhook after it, every event reads the same through the API's reads (a user's list, one
// event, a delivery with its event), and no index holds the id alone. A queue row naming no event
// stops the upgrade, naming it, and changes nothing.
import { deliveryIdOf, deliveryKeyText } from "@ctxlog/core";
import { createDb } from "../client";
import { createUpgradeDatabase, type UpgradeDatabase } from "../testing/upgrade-database";
import { fanOutEvents } from "../webhooks/fan-out-events";
import { getDelivery } from "../webhooks/get-delivery";
import { listDeliveries } from "../webhooks/list-deliveries";
import { loadDeliveryTargets } from "../webhooks/load-delivery-targets";
import { getEvent, listEvents } from "./list-events";

const MIGRATION = "20261130173000_events_keyed_by_user";
const QUEUED = "evt_01KAA0000000000000000000E1";
const FANNED = "evt_01KAA0000000000000000000E2";
const OTHERS = "evt_01KAA0000000000000000000E3";

const upgrades: UpgradeDatabase[] = [];
afterAll(() => Promise.all(upgrades.map((u) => u.drop())));

/** An older database: u1 with a webhook, an event still queued for the fan-out and one fanned out; u2's event. */
async function olderDatabase(label: string) {
  const upgrade = await createUpgradeDatabase(MIGRATION, label);
  upgrades.push(upgrade);
  await upgrade.migrateToBefore();
  await upgrade.seedOwner({ userId: "u1", keyId: "key_1", familyId: "fam_1" });
  await upgrade.seedOwner({ userId: "u2", keyId: "key_2", familyId: "fam_2" });
  await upgrade.sql(
    `INSERT INTO webhooks (id, user_id, url, events, secret, secret_key_id, created_at, updated_at)
     VALUES ('whk_1', 'u1', 'https://example.com/h', '{context.created}', 'sealed', 'k', now() - interval '1 hour', now())`,
  );
  for (const [id, user, n] of [
    [QUEUED, "u1", 1],
    [FANNED, "u1", 2],
    [OTHERS, "u2", 3],
  ] as const) {
    await upgrade.sql(
      `INSERT INTO outbox_events (id, user_id, event, payload, created_at) VALUES ($1, $2, 'context.created', $3, now())`,
      [id, user, `{"event":"context.created","n":${n}}`],
    );
  }
  // as recordEvents queued an event then: the id alone
  await upgrade.sql("INSERT INTO unfanned_events (id) VALUES ($1), ($2)", [QUEUED, OTHERS]);
  return upgrade;
}

it("fans out the events queued before, and reads every event the same by its user and id", async () => {
  const upgrade = await olderDatabase("events_keyed");
  expect(await upgrade.migrateAll()).toContain(MIGRATION);
  expect(await upgrade.sql("SELECT id, user_id FROM unfanned_events ORDER BY id")).toEqual([
    { id: QUEUED, user_id: "u1" },
    { id: OTHERS, user_id: "u2" },
  ]);
  const indexes = await upgrade.sql<{ indexdef: string }>(
    "SELECT indexdef FROM pg_indexes WHERE tablename = 'outbox_events' ORDER BY indexname",
  );
  expect(indexes.map((i) => i.indexdef.replace(/^.* USING /, ""))).toEqual([
    "brin (created_at)",
    "btree (user_id, id)",
    expect.stringMatching(/^btree \(user_id, event, id\) WHERE/),
  ]);

  const db = createDb(upgrade.url, { poolSize: 2 });
  try {
    const fanned = await fanOutEvents(db, { batchSize: 10 });
    expect(fanned.events).toBe(2);
    expect(fanned.deliveries).toEqual([{ eventId: QUEUED, webhookId: "whk_1" }]);
    const targets = await loadDeliveryTargets(db, fanned.deliveries);
    expect(targets.get(deliveryKeyText({ eventId: QUEUED, webhookId: "whk_1" }))).toMatchObject({
      event: "context.created",
      webhookId: "whk_1",
    });
    expect(await getDelivery(db, "whk_1", deliveryIdOf(QUEUED))).toMatchObject({
      eventId: QUEUED,
      event: "context.created",
      outbox: { payload: '{"event":"context.created","n":1}' },
    });
    expect((await listDeliveries(db, "whk_1", { limit: 10 })).rows.map((d) => d.eventId)).toEqual([QUEUED]);

    const listed = await listEvents(db, "u1", { limit: 10 });
    expect(listed.rows.map((e) => e.id)).toEqual([FANNED, QUEUED]);
    expect(await getEvent(db, "u1", OTHERS)).toBeNull();
    expect(await getEvent(db, "u2", OTHERS)).toMatchObject({ id: OTHERS });
  } finally {
    await db.$disconnect();
  }
});

it("stops the upgrade, naming it, when a queued event has no row; changes nothing", async () => {
  const upgrade = await olderDatabase("events_keyed_orphan");
  await upgrade.sql("INSERT INTO unfanned_events (id) VALUES ('evt_01KAA0000000000000000000E9')");
  await expect(upgrade.migrateAll()).rejects.toThrow(
    /unfanned_events evt_01KAA0000000000000000000E9 names no event/,
  );
  const columns = await upgrade.sql<{ column_name: string }>(
    "SELECT column_name FROM information_schema.columns WHERE table_name = 'unfanned_events'",
  );
  expect(columns.map((c) => c.column_name)).toEqual(["id"]);
});
