// Integration: real PostgreSQL. The migration that leaves a delivery's event name to its event
// (20261130130000_delivery_event_name_from_its_event), applied to a database holding deliveries as
// the fan-out wrote them before (the name copied into the row): each reads with the same name through
// the API's reads (one delivery, a webhook's list) and the worker's (its targets), and the column is
// gone. A delivery whose name is not its event's stops the upgrade, naming it, and changes nothing.
import { deliveryIdOf, deliveryKeyText } from "@ctxlog/core";
import { createDb } from "../client";
import { createUpgradeDatabase, type UpgradeDatabase } from "../testing/upgrade-database";
import { getDelivery } from "./get-delivery";
import { listDeliveries } from "./list-deliveries";
import { loadDeliveryTargets } from "./load-delivery-targets";

const MIGRATION = "20261130130000_delivery_event_name_from_its_event";
const EVENTS = [
  { id: "evt_01KAA0000000000000000000E1", event: "context.created" },
  { id: "evt_01KAA0000000000000000000E2", event: "context.confirmed" },
];
// their ids as the fan-out wrote them (the public id of each is its event's since
// 20261130233000_deliveries_keyed_by_webhook_and_event)
const DELIVERIES = ["dlv_01KAA0000000000000000000D1", "dlv_01KAA0000000000000000000D2"];

const upgrades: UpgradeDatabase[] = [];
afterAll(() => Promise.all(upgrades.map((u) => u.drop())));

/** An older database with a webhook of u1 and one delivery of each event, as the fan-out wrote them. */
async function olderDatabase(label: string, names: readonly string[]) {
  const upgrade = await createUpgradeDatabase(MIGRATION, label);
  upgrades.push(upgrade);
  await upgrade.migrateToBefore();
  await upgrade.seedOwner({ userId: "u1", keyId: "key_1", familyId: "fam_1" });
  await upgrade.sql(
    `INSERT INTO webhooks (id, user_id, url, events, secret, secret_key_id, updated_at)
     VALUES ('whk_1', 'u1', 'https://example.com/h', '{context.created,context.confirmed}', 'sealed', 'k', now())`,
  );
  for (const [i, e] of EVENTS.entries()) {
    await upgrade.sql(
      `INSERT INTO outbox_events (id, user_id, event, payload, created_at) VALUES ($1, 'u1', $2, $3, now())`,
      [e.id, e.event, `{"n":${i}}`],
    );
    await upgrade.sql(
      `INSERT INTO webhook_deliveries (id, webhook_id, event_id, event, next_attempt_at, created_at, updated_at)
       VALUES ($1, 'whk_1', $2, $3, now(), now(), now())`,
      [DELIVERIES[i], e.id, names[i]],
    );
  }
  return upgrade;
}

it("reads every delivery with its event's name after the column is gone", async () => {
  const upgrade = await olderDatabase(
    "delivery_event",
    EVENTS.map((e) => e.event),
  );
  expect(await upgrade.migrateAll()).toContain(MIGRATION);
  const columns = await upgrade.sql<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_name = 'webhook_deliveries'`,
  );
  expect(columns.map((c) => c.column_name)).not.toContain("event");

  const db = createDb(upgrade.url, { poolSize: 2 });
  try {
    for (const e of EVENTS) {
      expect(await getDelivery(db, "whk_1", deliveryIdOf(e.id))).toMatchObject({
        eventId: e.id,
        event: e.event,
      });
    }
    const listed = await listDeliveries(db, "whk_1", { limit: 10 });
    expect(listed.rows.map((d) => [d.id, d.event])).toEqual(
      EVENTS.map((e) => [deliveryIdOf(e.id), e.event]).reverse(),
    );
    const keys = EVENTS.map((e) => ({ eventId: e.id, webhookId: "whk_1" }));
    const targets = await loadDeliveryTargets(db, keys);
    expect(keys.map((k) => targets.get(deliveryKeyText(k))?.event)).toEqual(EVENTS.map((e) => e.event));
  } finally {
    await db.$disconnect();
  }
});

it("stops the upgrade, naming the delivery, when its name is not its event's; drops nothing", async () => {
  const upgrade = await olderDatabase("delivery_event_odd", ["context.created", "context.failed"]);
  await expect(upgrade.migrateAll()).rejects.toThrow(
    /delivery dlv_01KAA0000000000000000000D2 is of context\.failed, but its event is context\.confirmed/,
  );
  const columns = await upgrade.sql<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_name = 'webhook_deliveries'`,
  );
  expect(columns.map((c) => c.column_name)).toContain("event");
});
