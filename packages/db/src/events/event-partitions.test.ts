// Integration: real PostgreSQL (a fresh database). The day partitions of the events tables: created
// ahead, dropped whole once older than the cutoff with nothing pending, the default partition's
// rows purged row by row.
import { randomBytes } from "node:crypto";
import { idFloor } from "@ctxlog/core";
import { Client } from "pg";
import { attemptsOf, createTestDatabase, deliveryKeyOfRow, WITH_WEBHOOK_ID } from "../testing";
import { fanOutEvents } from "../webhooks/fan-out-events";
import { ensureEventPartitions, listEventPartitionDays, retireEventPartitions } from "./event-partitions";
import { purgeExpiredEvents } from "./purge-expired-events";
import { recordEvent } from "./record-event";
import { recordTestAttempts, seedUserWithOldWebhook } from "./testing/retention-fixtures";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const DAY = 86_400_000;
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

beforeAll(async () => {
  database = await createTestDatabase("ctxlog_partitions_test");
});
afterAll(() => database.drop());

/** An id minted at `time` (newId's format, with a clock we choose). */
function idAt(prefix: string, time: Date): string {
  const random = [...randomBytes(16)].map((b) => CROCKFORD[b % 32]).join("");
  return idFloor(prefix, time).slice(0, -16) + random;
}

const utcDay = (daysAgo: number) => new Date(Math.floor(Date.now() / DAY) * DAY - daysAgo * DAY);
const suffix = (day: Date) => `_p${day.toISOString().slice(0, 10).replaceAll("-", "")}`;

async function createDays(from: Date, to: Date) {
  await database.db.$queryRaw`SELECT ctxlog_create_event_partitions(${from.toISOString().slice(0, 10)}::date,
                                                                    ${to.toISOString().slice(0, 10)}::date)`;
}

async function exists(table: string): Promise<boolean> {
  const [row] = await database.db.$queryRaw<
    { found: boolean }[]
  >`SELECT to_regclass(${table}) IS NOT NULL AS found`;
  return row?.found === true;
}

/** An event of that time, queued for the fan-out as recordEvent queues one. */
async function oldEvent(userId: string, at: Date, event = "context.created") {
  const id = idAt("evt", at);
  await database.db.$executeRaw`
    INSERT INTO outbox_events (id, user_id, event, payload, created_at)
    VALUES (${id}, ${userId}, ${event}, ${JSON.stringify({ event, n: id })}, ${at})`;
  await database.db.$executeRaw`INSERT INTO unfanned_events (id, user_id) VALUES (${id}, ${userId})`;
  return id;
}

describe("event partitions", () => {
  it("drop a day wholly past the cutoff with its deliveries and attempts; a day with pending work waits", async () => {
    const db = database.db;
    const { owner } = await seedUserWithOldWebhook(db);
    const [dayA, dayB, dayC] = [utcDay(40), utcDay(39), utcDay(38)];
    await createDays(dayA, dayC);
    const hour = (day: Date, h: number) => new Date(day.getTime() + h * 3_600_000);
    const aEvents = [
      await oldEvent(owner.userId, hour(dayA, 1)),
      await oldEvent(owner.userId, hour(dayA, 23)),
    ];
    const bEvent = await oldEvent(owner.userId, hour(dayB, 12));
    await fanOutEvents(db, { batchSize: 100 });
    // day C: an event the fan-out has not reached yet (one not subscribed to, so fanning it out makes no delivery)
    const cEvent = await oldEvent(owner.userId, hour(dayC, 12), "context.confirmed");
    const recent = await recordEvent(db, {
      userId: owner.userId,
      event: "context.created",
      data: { recent: true },
    });

    const deliveries = (
      await db.webhookDelivery.findMany({
        where: { webhook: { userId: owner.userId } },
        include: WITH_WEBHOOK_ID,
        orderBy: { eventId: "asc" },
      })
    ).map(deliveryKeyOfRow);
    for (const d of deliveries.filter((d) => aEvents.includes(d.eventId)))
      await recordTestAttempts(database.db, d, true);
    const bDelivery = deliveries.find((d) => d.eventId === bEvent);
    if (!bDelivery) throw new Error("day B's delivery is missing");
    await recordTestAttempts(database.db, bDelivery, false); // still pending: retrying
    // every delivery is in its event's day
    const [inA] = await db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM webhook_deliveries${suffix(dayA)}`,
    );
    expect(inA?.n).toBe(2);

    const cutoff = new Date(Date.now() - 30 * DAY);
    const first = await retireEventPartitions(db, { cutoff });
    expect(first.retired).toEqual([
      { day: dayA, events: 2, deliveries: 2, attempts: 2, lockedMs: expect.any(Number) },
    ]);
    expect(first.heldBack.map((d) => d.getTime())).toEqual(
      expect.arrayContaining([dayB.getTime(), dayC.getTime()]),
    );
    for (const table of ["outbox_events", "webhook_deliveries", "webhook_attempts"]) {
      expect(await exists(`${table}${suffix(dayA)}`)).toBe(false);
      expect(await exists(`${table}${suffix(dayB)}`)).toBe(true);
    }
    expect(await db.outboxEvent.count({ where: { id: { in: aEvents } } })).toBe(0);
    expect(await db.outboxEvent.count({ where: { id: { in: [bEvent, cEvent, recent.id] } } })).toBe(3);
    expect(await attemptsOf(db, bDelivery)).toHaveLength(1);

    // once B's delivery is done and C fanned out, both go; today's day stays
    await recordTestAttempts(database.db, bDelivery, true);
    await fanOutEvents(db, { batchSize: 100 });
    const second = await retireEventPartitions(db, { cutoff });
    expect(second.retired.map((r) => r.day)).toEqual(expect.arrayContaining([dayB, dayC]));
    expect(await db.outboxEvent.count({ where: { id: { in: [bEvent, cEvent] } } })).toBe(0);
    expect(
      await db.webhookDelivery.count({
        where: { webhook: { id: bDelivery.webhookId }, eventId: bDelivery.eventId },
      }),
    ).toBe(0);
    expect(await db.outboxEvent.count({ where: { id: recent.id } })).toBe(1);
    expect(await exists(`outbox_events${suffix(utcDay(0))}`)).toBe(true);
  });

  it("keep a day not wholly past the cutoff, and one with an event recorded after it", async () => {
    const db = database.db;
    const { owner } = await seedUserWithOldWebhook(db);
    const day = utcDay(20);
    await createDays(day, day);
    // an id of that day whose created_at is later (not something ctxlog writes; the check holds anyway)
    const id = idAt("evt", new Date(day.getTime() + 3_600_000));
    await db.$executeRaw`INSERT INTO outbox_events (id, user_id, event, payload, created_at)
                         VALUES (${id}, ${owner.userId}, 'context.created', '{}', now())`;
    const midDay = new Date(day.getTime() + DAY / 2);
    expect((await retireEventPartitions(db, { cutoff: midDay })).retired).toEqual([]);
    const result = await retireEventPartitions(db, { cutoff: new Date(day.getTime() + DAY) });
    expect(result.retired).toEqual([]);
    expect(result.heldBack).toEqual(expect.arrayContaining([day]));
    expect(await db.outboxEvent.count({ where: { id } })).toBe(1);
  });

  it("are created ahead; a day whose rows already sit in the default partition is left there", async () => {
    const db = database.db;
    const { owner } = await seedUserWithOldWebhook(db);
    const before = await listEventPartitionDays(db);
    // the migration made yesterday to 7 days ahead
    expect(before.map((d) => d.getTime())).toEqual(
      expect.arrayContaining([utcDay(1), utcDay(0), utcDay(-7)].map((d) => d.getTime())),
    );
    expect(await ensureEventPartitions(db, { daysAhead: 7 })).toEqual([]);

    // an event of a day that has no partition yet lands in the default partition…
    const later = utcDay(-52);
    const id = await oldEvent(owner.userId, new Date(later.getTime() + 3_600_000));
    const [row] = await db.$queryRaw<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM outbox_events_default WHERE id = ${id}`;
    expect(row?.n).toBe(1);
    // …and creating days around it skips that one day, and keeps the row readable
    const created = await ensureEventPartitions(db, { daysAhead: 3, now: new Date(later.getTime() - DAY) });
    expect(created.map((d) => d.getTime())).toEqual(
      [utcDay(-51), utcDay(-53), utcDay(-54)].map((d) => d.getTime()),
    );
    expect(await exists(`outbox_events${suffix(later)}`)).toBe(false);
    expect(await db.outboxEvent.count({ where: { id } })).toBe(1);
  });

  it("leave the default partition's expired rows to the row-by-row purge, which touches nothing else", async () => {
    const db = database.db;
    const { owner } = await seedUserWithOldWebhook(db);
    const old = utcDay(70); // no partition for that day: the default one
    const inDefault = await oldEvent(owner.userId, old, "context.confirmed");
    const day = utcDay(45);
    await createDays(day, day);
    const inDay = await oldEvent(owner.userId, new Date(day.getTime() + 60_000), "context.confirmed");
    await fanOutEvents(db, { batchSize: 100 });

    const cutoff = new Date(Date.now() - 30 * DAY);
    const purged = await purgeExpiredEvents(db, { cutoff, batchSize: 100, defaultPartitionOnly: true });
    expect(purged.events).toBeGreaterThanOrEqual(1);
    expect(await db.outboxEvent.count({ where: { id: inDefault } })).toBe(0);
    expect(await db.outboxEvent.count({ where: { id: inDay } })).toBe(1);
  });

  it("give way to a writer in a lock cycle: the writer commits, the day waits for the next run", async () => {
    const db = database.db;
    const { owner, hook } = await seedUserWithOldWebhook(db);
    const day = utcDay(50);
    await createDays(day, day);
    // a done day: its one event fanned out, to no webhook (not subscribed)
    await oldEvent(owner.userId, new Date(day.getTime() + 60_000), "context.confirmed");
    await fanOutEvents(db, { batchSize: 100 });
    const today = await recordEvent(db, { userId: owner.userId, event: "context.confirmed", data: {} });

    // a writer in the fan-out's order: it reads webhooks, then inserts a delivery, whose foreign key
    // locks the user's row
    const writer = new Client({ connectionString: database.url });
    await writer.connect();
    try {
      await writer.query("BEGIN");
      await writer.query("SELECT count(*) FROM webhooks WHERE id = $1", [hook.id]);
      // the retention takes users, then waits for webhooks, which the writer holds…
      const retiring = retireEventPartitions(db, { cutoff: new Date(Date.now() - 30 * DAY) });
      await new Promise((resolve) => setTimeout(resolve, 100));
      // …and the writer now waits for users, which the retention holds: a cycle
      // (as the fan-out's insert names the webhook: by its ref, joined from its id)
      const inserted = writer.query(
        `INSERT INTO webhook_deliveries (webhook_ref, event_id) SELECT ref, $2 FROM webhooks WHERE id = $1`,
        [hook.id, today.id],
      );
      const result = await retiring;
      await inserted; // the writer was not chosen as a deadlock's victim
      await writer.query("COMMIT");
      expect(result.retired).toEqual([]);
      expect(result.heldBack.map((d) => d.getTime())).toContain(day.getTime());
    } finally {
      await writer.end();
    }
    expect(await db.webhookDelivery.count({ where: { eventId: today.id } })).toBe(1);
    // with no writer in the way, the next run drops the day
    const next = await retireEventPartitions(db, { cutoff: new Date(Date.now() - 30 * DAY) });
    expect(next.retired.map((r) => r.day.getTime())).toContain(day.getTime());
  });

  it("name a day's partitions only by its suffix: the day functions refuse any other text", async () => {
    const db = database.db;
    for (const text of ["_p2026112", "_p20261127; DROP TABLE users", "outbox_events", ""]) {
      await expect(db.$queryRaw`SELECT ctxlog_event_day_busy(${text}, now())`).rejects.toThrow(
        /no day partition suffix/,
      );
      await expect(db.$queryRaw`SELECT * FROM ctxlog_event_day_counts(${text})`).rejects.toThrow(
        /no day partition suffix/,
      );
      await expect(db.$queryRaw`SELECT ctxlog_drop_event_day(${text})`).rejects.toThrow(
        /no day partition suffix/,
      );
    }
    expect(await exists("users")).toBe(true);
  });
});
