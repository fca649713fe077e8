// Integration: real PostgreSQL, real Redis (own prefix) and the real worker runtime: its retention
// loop keeps the events tables' day partitions created ahead and drops expired days whole.
import { idFloor } from "@ctxlog/core";
import { waitFor } from "@ctxlog/core/testing";
import { PARTITION_DAYS_AHEAD } from "./retention-loop";
import { createWorkerHarness, type WorkerHarness } from "./testing/harness";

const DAY = 86_400_000;
let h: WorkerHarness;

beforeAll(async () => {
  h = await createWorkerHarness({ RETENTION_DAYS: "30", RETENTION_INTERVAL_MS: "100" }, { start: false });
});
afterAll(async () => {
  await h.close();
});

const utcDay = (daysAgo: number) => new Date(Math.floor(Date.now() / DAY) * DAY - daysAgo * DAY);
const suffix = (day: Date) => `_p${day.toISOString().slice(0, 10).replaceAll("-", "")}`;
async function exists(table: string): Promise<boolean> {
  const [row] = await h.db.$queryRaw<{ found: boolean }[]>`SELECT to_regclass(${table}) IS NOT NULL AS found`;
  return row?.found === true;
}

describe("retention loop and day partitions (PostgreSQL + Redis)", () => {
  it("creates the days ahead that are missing and drops an expired day whole", async () => {
    const userId = await h.user();
    // the last day ahead is missing (as if the migration ran a day earlier)…
    const ahead = utcDay(-PARTITION_DAYS_AHEAD);
    for (const table of ["webhook_attempts", "webhook_deliveries", "outbox_events"]) {
      // a referenced partition is detached before it can be dropped
      await h.db.$executeRawUnsafe(`ALTER TABLE ${table} DETACH PARTITION ${table}${suffix(ahead)}`);
      await h.db.$executeRawUnsafe(`DROP TABLE ${table}${suffix(ahead)}`);
    }
    // …and a day 40 days old holds a done event
    const old = utcDay(40);
    await h.db.$queryRaw`SELECT ctxlog_create_event_partitions(${old.toISOString().slice(0, 10)}::date,
                                                               ${old.toISOString().slice(0, 10)}::date)`;
    const id = `${idFloor("evt", new Date(old.getTime() + 60_000)).slice(0, -1)}1`;
    await h.db.$executeRaw`INSERT INTO outbox_events (id, user_id, event, payload, created_at)
                           VALUES (${id}, ${userId}, 'context.created', '{}', ${old})`;

    await h.startWorker();
    await waitFor(async () => ((await exists(`outbox_events${suffix(ahead)}`)) ? true : undefined), {
      timeout: 10_000,
    });
    await waitFor(async () => (!(await exists(`outbox_events${suffix(old)}`)) ? true : undefined), {
      timeout: 10_000,
    });
    expect(await h.db.outboxEvent.count({ where: { id } })).toBe(0);
    for (const table of ["webhook_deliveries", "webhook_attempts"]) {
      expect(await exists(`${table}${suffix(ahead)}`)).toBe(true);
      expect(await exists(`${table}${suffix(old)}`)).toBe(false);
    }
    // today's day, where the live rows are, stays
    expect(await exists(`outbox_events${suffix(utcDay(0))}`)).toBe(true);
  }, 30_000);
});
