// Integration: real PostgreSQL. The upgrade to day-partitioned events tables (migration
// 20261127030000_events_partitioned_by_day) on a database with data: everything written before it
// is there after it, in the partition of its event's day, and reads through the same code.
import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import { deliveryIdOf, deliveryKeyText, idFloor, newId } from "@ctxlog/core";
import { applyMigrations } from "../migrate";
import { DEFAULT_MIGRATIONS_DIR } from "../paths";
import { createTestDatabase } from "../testing";
import { copyMigrationsBefore } from "../testing/upgrade-database";
import { fanOutEvents } from "../webhooks/fan-out-events";
import { getDelivery } from "../webhooks/get-delivery";
import { listDeliveries } from "../webhooks/list-deliveries";
import { recordAttempts } from "../webhooks/record-attempts";
import { retireEventPartitions } from "./event-partitions";
import { listEvents } from "./list-events";
import { seedUserWithOldWebhook } from "./testing/retention-fixtures";

const MIGRATION = "20261127030000_events_partitioned_by_day";
const DAY = 86_400_000;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let before: Awaited<ReturnType<typeof copyMigrationsBefore>>;

beforeAll(async () => {
  before = await copyMigrationsBefore(MIGRATION);
  database = await createTestDatabase("ctxlog_upgrade_test", {
    migrationsDir: before.dir,
    dataSteps: before.dataSteps,
  });
});
afterAll(async () => {
  await database.drop();
  await before.remove();
});

const snapshot = (table: string, columns: string) =>
  database.db.$queryRawUnsafe<Record<string, unknown>[]>(`SELECT ${columns} FROM ${table} ORDER BY 1, 2, 3`);
/**
 * Where each table's rows are read after every migration: attempts wherever they live since
 * 20261130003000; deliveries and attempts with their webhook's id joined, their rows naming it by
 * its ref since 20261201020000.
 */
const READ_AFTER: Record<string, string> = {
  webhook_deliveries:
    "(SELECT w.id AS webhook_id, d.*, l.response_status, l.attempted_at AS last_attempt_at FROM webhook_deliveries AS d" +
    " JOIN webhooks AS w ON w.ref = d.webhook_ref" +
    " LEFT JOIN LATERAL ctxlog_last_attempt(d.event_id, d.webhook_ref) AS l ON true) AS d",
  webhook_attempts:
    "(SELECT w.id AS webhook_id, a.* FROM webhook_attempt_log AS a JOIN webhooks AS w ON w.ref = a.webhook_ref) AS a",
};
const COLUMNS = {
  // (fanned_out_at left later: migration 20261127171452 queues the events it said were waiting)
  outbox_events: "id, user_id, event, context_id, payload, created_at",
  // (user_id left later: migration 20261127231127 leaves a delivery's user to its webhook; event later:
  // 20261130130000 leaves a delivery's event name to its event; created_at and updated_at later:
  // 20261130190000 leaves a delivery's creation to its id's time; id later: 20261130233000 names a
  // delivery by its key, its public id its event's, read below; response_status and last_attempt_at
  // later: 20261201050000 reads its last attempt's from its attempts, READ_AFTER)
  webhook_deliveries:
    "webhook_id, event_id, status::text, attempts, cycle, response_status, error_message, last_attempt_at, next_attempt_at",
  // (id left later: migration 20261127172228 names an attempt by its delivery, cycle and number; the
  // request and response columns later: 20261130003000 makes them the attempt's exchange; the
  // delivery's id later: 20261130230000 names it by the delivery's key, COLUMNS_AFTER)
  webhook_attempts:
    "(SELECT d.webhook_id FROM webhook_deliveries AS d WHERE d.id = delivery_id) AS webhook_id, cycle, number, attempted_at, duration_ms, response_status, error, response_body",
};
/** The same columns, where today's schema names them otherwise. */
const COLUMNS_AFTER: Partial<Record<keyof typeof COLUMNS, string>> = {
  webhook_attempts:
    "webhook_id, cycle, number, attempted_at, duration_ms, response_status, error, response_body",
};

/**
 * A user and a full key as this older schema holds them: the key's hash as hex text (bytes since
 * 20261130040000_token_hashes_as_bytes, which today's Prisma model writes).
 */
async function seedOldOwner(db: typeof database.db) {
  const userId = `usr-${randomBytes(6).toString("hex")}`;
  const hash = randomBytes(32).toString("hex");
  await db.$executeRaw`INSERT INTO users (id) VALUES (${userId})`;
  await db.$executeRaw`INSERT INTO api_keys (id, user_id, type, hash, display_prefix, family_id)
                       VALUES (${`key_${userId}`}, ${userId}, 'full', ${hash}, 'sk_seed', ${`fam_${userId}`})`;
  return { userId };
}

describe(`migration ${MIGRATION}`, () => {
  it("keeps every event, delivery and attempt, each in its event's day, readable as before", async () => {
    const db = database.db;
    const { owner, hook } = await seedUserWithOldWebhook(db, seedOldOwner);
    // events of three days ago (written as the code of the time did, with ids of that time)…
    const old = new Date(Date.now() - 3 * DAY);
    const oldIds = [0, 1, 2].map(
      (i) => `${idFloor("evt", new Date(old.getTime() + i)).slice(0, -1)}${i + 1}`,
    );
    for (const id of oldIds) {
      // (naming no context: a context's event is a reference since 20261129200000_one_event_form,
      // whose data step would refuse these made-up envelopes)
      await db.$executeRaw`INSERT INTO outbox_events (id, user_id, event, payload, created_at)
                           VALUES (${id}, ${owner.userId}, 'context.created', ${`{"id":"${id}"}`}, ${old})`;
    }
    // …and of now, as the code of the time wrote them (it changed since: later migrations run too):
    // recorded, fanned out (a delivery each to the webhook), then one recorded after the fan-out
    const recordThen = async (n: number) => {
      const id = newId("evt");
      await db.$executeRaw`INSERT INTO outbox_events (id, user_id, event, payload, created_at)
                           VALUES (${id}, ${owner.userId}, 'context.created', ${`{"n":${n}}`}, now())`;
      return { id };
    };
    const recent = await recordThen(1);
    // (each delivery with an id of its own, minted as the fan-out of the time minted it)
    const unfanned = await db.$queryRaw<{ id: string }[]>`
      SELECT id FROM outbox_events WHERE fanned_out_at IS NULL ORDER BY id`;
    for (const { id } of unfanned)
      await db.$executeRaw`
        INSERT INTO webhook_deliveries (id, webhook_id, user_id, event_id, event, next_attempt_at, created_at, updated_at)
        SELECT ${newId("dlv")}, ${hook.id}, user_id, id, event, now(), now(), now()
          FROM outbox_events WHERE id = ${id}`;
    await db.$executeRaw`UPDATE outbox_events SET fanned_out_at = now() WHERE fanned_out_at IS NULL`;
    const late = await recordThen(2);
    const deliveries = await db.$queryRaw<{ id: string; event_id: string }[]>`
      SELECT id, event_id FROM webhook_deliveries ORDER BY event_id`;
    expect(deliveries).toHaveLength(4);
    // attempts as the previous schema had them (no event_id): two on the first, one on the second
    const attempts = [
      [deliveries[0]?.id, 1, 500],
      [deliveries[0]?.id, 2, 200],
      [deliveries[1]?.id, 1, 200],
    ] as const;
    for (const [i, [deliveryId, n, status]] of attempts.entries()) {
      await db.$executeRaw`
        INSERT INTO webhook_attempts (id, delivery_id, cycle, number, attempted_at, duration_ms, response_status,
                                      request_url, request_headers, response_body, response_body_truncated)
        VALUES (${`att_${i}`}, ${deliveryId}, 1, ${n}, now(), 12, ${status}, 'https://example.com/hook',
                NULL, 'ok', false)`; // (no headers: attempt_forms refuses made-up ones)
    }
    await db.$executeRaw`UPDATE webhook_deliveries SET status = 'succeeded', attempts = 2 WHERE id = ${deliveries[0]?.id}`;
    await db.$executeRaw`UPDATE webhook_deliveries SET status = 'succeeded', attempts = 1 WHERE id = ${deliveries[1]?.id}`;
    await db.$executeRaw`UPDATE webhook_deliveries SET status = 'failed', error_message = 'disabled' WHERE id = ${deliveries[2]?.id}`;
    // (each attempted delivery's last attempt copied into its row, as the code of the time did)
    await db.$executeRaw`
      UPDATE webhook_deliveries AS d SET response_status = a.response_status, last_attempt_at = a.attempted_at
        FROM webhook_attempts AS a WHERE a.delivery_id = d.id AND a.cycle = d.cycle AND a.number = d.attempts`;

    const tables = Object.keys(COLUMNS) as (keyof typeof COLUMNS)[];
    const saved = await Promise.all(tables.map((t) => snapshot(t, COLUMNS[t])));

    expect(await applyMigrations(database.url)).toEqual(
      (await readdir(DEFAULT_MIGRATIONS_DIR)).filter((n) => n >= MIGRATION && /^\d+_/.test(n)).sort(),
    );

    // the same rows, column for column
    for (const [i, table] of tables.entries())
      expect(await snapshot(READ_AFTER[table] ?? table, COLUMNS_AFTER[table] ?? COLUMNS[table])).toEqual(
        saved[i],
      );
    // in the partition of their event's day, none in the default partitions
    const dayOf = (t: Date) => `_p${t.toISOString().slice(0, 10).replaceAll("-", "")}`;
    const [counts] = await db.$queryRawUnsafe<Record<string, number>[]>(
      `SELECT (SELECT count(*) FROM outbox_events${dayOf(old)})::int AS old_events,
              (SELECT count(*) FROM webhook_deliveries${dayOf(old)})::int AS old_deliveries,
              (SELECT count(*) FROM webhook_attempts${dayOf(old)})::int AS old_attempts,
              (SELECT count(*) FROM outbox_events_default)::int + (SELECT count(*) FROM webhook_deliveries_default)::int
                + (SELECT count(*) FROM webhook_attempts_default)::int AS in_default`,
    );
    // (each delivery's first attempt in its own row since 20261130003100_attempts_in_one_place)
    expect(counts).toEqual({ old_events: 3, old_deliveries: 3, old_attempts: 1, in_default: 0 });
    const attemptEvents = await db.webhookAttempt.findMany({
      select: { eventId: true },
      orderBy: [{ eventId: "asc" }, { cycle: "asc" }, { number: "asc" }],
    });
    expect(attemptEvents.map((a) => a.eventId)).toEqual([deliveries[0]?.event_id]);

    // read through the code the API uses, each delivery by its public id now: its event's
    const first = deliveryIdOf(deliveries[0]?.event_id ?? "");
    const page = await listEvents(db, owner.userId, { limit: 10 });
    expect(page.rows.map((e) => e.id)).toEqual([late.id, recent.id, ...[...oldIds].reverse()]);
    expect(page.rows.find((e) => e.id === oldIds[0])?.deliveries).toEqual([
      { id: first, webhookId: hook.id, status: "succeeded", attempts: 2 },
    ]);
    expect(await getDelivery(db, hook.id, deliveries[0]?.id ?? "")).toBeNull(); // its old id is gone
    const delivery = await getDelivery(db, hook.id, first);
    expect(delivery?.outbox.payload).toBe(`{"id":"${oldIds[0]}"}`);
    expect(delivery?.attemptLog.map((a) => [a.number, a.responseStatus, a.responseBody])).toEqual([
      [1, 500, "ok"],
      [2, 200, "ok"],
    ]);
    expect((await listDeliveries(db, hook.id, { limit: 10 })).rows.map((d) => d.id)).toEqual(
      deliveries.map((d) => deliveryIdOf(d.event_id)).reverse(),
    );

    // and the work goes on: the pending delivery is attempted, the late event fanned out
    const pending = { eventId: deliveries[3]?.event_id ?? "", webhookId: hook.id };
    const now = new Date();
    const recorded = await recordAttempts(
      db,
      [
        {
          ...pending,
          cycle: 1,
          attemptedAt: now,
          finishedAt: now,
          durationMs: 3,
          responseStatus: 200,
          error: null,
          succeeded: true,
        },
      ],
      [1],
    );
    expect(recorded.get(deliveryKeyText(pending))?.status).toBe("succeeded");
    expect((await fanOutEvents(db, { batchSize: 100 })).deliveries).toHaveLength(1);
    // the migrated old day retires whole
    const { retired } = await retireEventPartitions(db, { cutoff: new Date(Date.now() - DAY) });
    expect(retired.filter((r) => r.events > 0)).toEqual([
      {
        day: new Date(Math.floor(old.getTime() / DAY) * DAY),
        events: 3,
        deliveries: 3,
        attempts: 3,
        lockedMs: expect.any(Number),
      },
    ]);
    expect(await db.outboxEvent.count({ where: { userId: owner.userId } })).toBe(2);
  });
});
