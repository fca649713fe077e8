// Integration: real PostgreSQL. The migration that names an attempt by its delivery's key
// (20261130230000_attempts_keyed_by_their_delivery: (event_id, webhook_id, cycle, number) where it
// was (delivery_id, event_id, cycle, number)), applied to a database holding attempts written
// before: two deliveries of one event, to two webhooks, whose attempts share cycle and number. Each
// delivery's attempt log and its webhook's rates read the same; an attempt whose delivery is gone
// (which no reader could reach) goes.
import { deliveryIdOf } from "@ctxlog/core";
import { createDb } from "../client";
import { createUpgradeDatabase, idAt, type UpgradeDatabase } from "../testing/upgrade-database";
import { getDelivery } from "./get-delivery";
import { readDeliveryRates } from "./read-delivery-rates";

const MIGRATION = "20261130230000_attempts_keyed_by_their_delivery";
const MINUTE = 60_000;
const upgrades: UpgradeDatabase[] = [];
afterAll(() => Promise.all(upgrades.map((u) => u.drop())));

it("moves each attempt to its delivery's key: logs and rates read the same, an orphan goes", async () => {
  const upgrade = await createUpgradeDatabase(MIGRATION, "attempts_keyed");
  upgrades.push(upgrade);
  await upgrade.migrateToBefore();
  await upgrade.seedOwner({ userId: "u1", keyId: "key_1", familyId: "fam_1" });
  const now = Date.now();
  const at = (minutesAgo: number) => new Date(now - minutesAgo * MINUTE);
  await upgrade.seedWebhooks("u1", ["whk_1", "whk_2"], at(120));
  const eventId = idAt("evt", at(60), 1);
  await upgrade.sql(
    `INSERT INTO outbox_events (id, user_id, event, payload, created_at)
     VALUES ($1, 'u1', 'context.created', '{"event":"context.created"}', $2)`,
    [eventId, at(60)],
  );
  // one delivery per webhook, each failed: its first attempt in its row, the next ones as rows —
  // the same (cycle, number) on both (nothing sent, nothing back: no exchange)
  const deliveries = { whk_1: idAt("dlv", at(60), 1), whk_2: idAt("dlv", at(60), 2) };
  const attemptsOf = { whk_1: [2, 3], whk_2: [2] };
  for (const [hook, id] of Object.entries(deliveries)) {
    const numbers = attemptsOf[hook as keyof typeof attemptsOf];
    await upgrade.sql(
      `INSERT INTO webhook_deliveries (id, webhook_id, event_id, status, attempts, error_message, last_attempt_at,
                                       first_attempted_at, first_duration_ms, first_error)
       VALUES ($1, $2, $3, 'failed', $4, 'timeout', $5, $6, 10, 'timeout')`,
      [id, hook, eventId, numbers.length + 1, at(60 - numbers.length), at(60)],
    );
    for (const n of numbers)
      await upgrade.sql(
        `INSERT INTO webhook_attempts (delivery_id, event_id, cycle, number, attempted_at, duration_ms, error)
         VALUES ($1, $2, 1, $3, $4, $5, 'timeout')`,
        [id, eventId, n, at(60 - (n - 1)), 10 * n],
      );
  }
  // an attempt of a delivery no longer stored
  await upgrade.sql(
    `INSERT INTO webhook_attempts (delivery_id, event_id, cycle, number, attempted_at, duration_ms, error)
     VALUES ($1, $2, 1, 2, $3, 5, 'timeout')`,
    [idAt("dlv", at(60), 9), eventId, at(59)],
  );

  // the schema this migration made (a later one names the webhook by its ref instead of its id)
  expect(await upgrade.migrateThrough(MIGRATION)).toEqual([MIGRATION]);
  const key = await upgrade.sql<{ column_name: string }>(
    `SELECT a.attname AS column_name
       FROM pg_index AS x JOIN pg_attribute AS a ON a.attrelid = x.indrelid AND a.attnum = ANY(x.indkey)
      WHERE x.indrelid = 'webhook_attempts'::regclass AND x.indisprimary
      ORDER BY array_position(x.indkey::int2[], a.attnum)`,
  );
  expect(key.map((c) => c.column_name)).toEqual(["event_id", "webhook_id", "cycle", "number"]);
  const [rows] = await upgrade.sql<{ n: number }>("SELECT count(*)::int AS n FROM webhook_attempts");
  expect(rows?.n).toBe(3);

  // read by today's code, at today's schema
  expect((await upgrade.migrateAll()).every((name) => name > MIGRATION)).toBe(true);
  const db = createDb(upgrade.url, { poolSize: 2 });
  try {
    // (each by its public id of today, its event's: migration 20261130233000)
    for (const hook of Object.keys(deliveries)) {
      const numbers = [1, ...attemptsOf[hook as keyof typeof attemptsOf]];
      const log = (await getDelivery(db, hook, deliveryIdOf(eventId)))?.attemptLog;
      expect(log?.map((a) => [a.number, a.attemptedAt.getTime(), a.durationMs, a.error])).toEqual(
        numbers.map((n) => [n, at(60 - (n - 1)).getTime(), n === 1 ? 10 : 10 * n, "timeout"]),
      );
      const rates = await readDeliveryRates(db, hook, { since: at(90), until: new Date(now + MINUTE) });
      expect(rates.buckets.reduce((sum, b) => sum + b.attempts, 0)).toBe(numbers.length);
    }
  } finally {
    await db.$disconnect();
  }
});
