// Integration: real PostgreSQL. createDb's client and the pg pool under it.
import { waitFor } from "@ctxlog/core/testing";
import { createDb, pgPoolOf } from "./client";
import { sqlOf } from "./sql-transaction";
import { createTestDatabase, type TestDatabase } from "./testing";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase("ctxlog_db_client");
});
afterAll(() => database.drop());

describe("createDb", () => {
  it.each([
    [
      "only statements on its pool (Prisma never connected)",
      (db: ReturnType<typeof createDb>) => sqlOf(db)("SELECT 1 AS one"),
    ],
    ["a Prisma query", (db: ReturnType<typeof createDb>) => db.user.count()],
  ])("$disconnect ends the pool after %s, and may be called twice", async (_, use) => {
    const db = createDb(database.url, { poolSize: 1 });
    const pool = pgPoolOf(db);
    await use(db);
    expect(pool?.totalCount).toBe(1);
    await db.$disconnect();
    await db.$disconnect();
    expect({ ended: pool?.ended, open: pool?.totalCount }).toEqual({ ended: true, open: 0 });
    expect(pgPoolOf(db)).toBeUndefined();
  });

  it("an idle connection the server ends is dropped, not an unhandled error, when Prisma never connected", async () => {
    const db = createDb(database.url, { poolSize: 1 });
    const pool = pgPoolOf(db);
    await sqlOf(db)("SELECT 1 AS one");
    expect({ open: pool?.totalCount, idle: pool?.idleCount }).toEqual({ open: 1, idle: 1 });
    const [own] = await sqlOf(database.db)<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    await sqlOf(database.db)(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> $1",
      [own?.pid],
    );
    await waitFor(() => (pool?.totalCount === 0 ? true : undefined), { timeout: 5_000 });
    // the next statement opens a new connection
    expect(await sqlOf(db)<{ one: number }>("SELECT 1 AS one")).toEqual([{ one: 1 }]);
    await db.$disconnect();
  });
});
