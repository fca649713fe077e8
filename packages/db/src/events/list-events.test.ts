// Integration: real PostgreSQL (a fresh database). GET /v1/events by type: the two types of nearly
// every event (context.created, context.confirmed) are read newest first on (user_id, id); the rare
// ones on a partial index of their own, so a page of them never walks a user's whole history.

import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { createTestDatabase, seedUser } from "../testing";
import { listEvents } from "./list-events";
import { eventsPage } from "./list-events.queries";
import { recordEvents } from "./record-event";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase("ctxlog_list_events_test");
});
afterAll(() => database.drop());

/**
 * The plan PostgreSQL makes for one page of a type: list-events.sql's statement, sent as the pool
 * sends it (unnamed, so planned with the values bound).
 */
async function planOf(userId: string, type: string): Promise<string> {
  const sql = sqlOf(database.db);
  let plan: { "QUERY PLAN": string }[] = [];
  await runQuery(
    eventsPage,
    { userId, type, after: null, createdAfter: null, createdBefore: null, limit: 51 },
    async (text, values) => {
      plan = await sql<{ "QUERY PLAN": string }>(`EXPLAIN ${text}`, values);
      return [];
    },
  );
  return plan.map((r) => r["QUERY PLAN"]).join("\n");
}

it("pages a rare type from its partial index, and the common ones from (user_id, id)", async () => {
  const db = database.db;
  const { userId } = await seedUser(db);
  const other = await seedUser(db);
  // 3,000 contexts' worth of the two common events, a few failures, and another user's events
  const common = Array.from({ length: 6_000 }, (_, i) => ({
    userId,
    event: i % 2 === 0 ? ("context.created" as const) : ("context.confirmed" as const),
    data: { context_id: `ctx_${i}` },
  }));
  await recordEvents(db, common);
  await recordEvents(db, [
    { userId, event: "context.failed", data: { context_id: "ctx_f1" } },
    { userId, event: "context.failed", data: { context_id: "ctx_f2" } },
    { userId: other.userId, event: "context.failed", data: { context_id: "ctx_other" } },
  ]);
  await db.$executeRawUnsafe("ANALYZE outbox_events");

  const failed = await listEvents(db, userId, { type: "context.failed", limit: 10 });
  expect(failed.rows.map((r) => r.event)).toEqual(["context.failed", "context.failed"]);
  const confirmed = await listEvents(db, userId, { type: "context.confirmed", limit: 10 });
  expect(confirmed.rows).toHaveLength(10);
  expect(confirmed.rows.every((r) => r.event === "context.confirmed")).toBe(true);

  // today's partition holds them all (the other days' are empty: a scan of nothing is free)
  const rare = await planOf(userId, "context.failed");
  expect(rare).toMatch(/Index (Only )?Scan( Backward)? using \S+user_id_event_id_idx on (\w+)/);
  expect(rare).not.toMatch(new RegExp(`Seq Scan on ${partitionIn(rare)} `));
  const usual = await planOf(userId, "context.confirmed");
  // the key, (user_id, id) (migration 20261130173000_events_keyed_by_user)
  expect(usual).toMatch(/Index (Only )?Scan( Backward)? using outbox_events_\w*pkey on (\w+)/);
  expect(usual).not.toMatch(new RegExp(`Seq Scan on ${partitionIn(usual)} `));
});

/** The partition a plan reads through an index. */
const partitionIn = (plan: string) => /Index (?:Only )?Scan(?: Backward)? using \S+ on (\w+)/.exec(plan)?.[1];
