// Integration: real PostgreSQL (a fresh database). An Idempotency-Key's record through its life:
// claimed with the work, replayed, refused for another request, freed by a failed work, taken over
// once expired, and deleted past its time.
import { createHash } from "node:crypto";
import { pgPoolOf } from "../client";
import { recordEvent } from "../events/record-event";
import { createTestDatabase, seedUser } from "../testing";
import { deleteExpiredIdempotencyKeys, IdempotencyConflictError, withIdempotency } from "./with-idempotency";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase("ctxlog_idempotency_test");
});
afterAll(() => database.drop());

/** A request body's SHA-256 in hex, as the API computes it. */
const bodyHash = (body: string) => createHash("sha256").update(body).digest("hex");

async function recordOf(keyFamilyId: string, key: string) {
  const [row] = await database.db.$queryRaw<
    { response_status: number; response_body: string; request_hash: Buffer; expires_at: Date }[]
  >`SELECT response_status, response_body, request_hash, expires_at FROM idempotency_keys
     WHERE key_family_id = ${keyFamilyId} AND key = ${key}`;
  return row ?? null;
}

it("does the work once, replays its response, and refuses the key for another request", async () => {
  const db = database.db;
  const owner = await seedUser(db);
  const request = {
    userId: owner.userId,
    keyFamilyId: owner.keyFamilyId,
    key: "K1",
    method: "POST",
    path: "/v1/contexts",
    requestHash: bodyHash("h1"),
  };
  let runs = 0;
  const work = async () => {
    runs++;
    return { status: 202, body: '{"n":1}', value: runs };
  };
  expect(await withIdempotency(db, request, work)).toEqual({
    status: 202,
    body: '{"n":1}',
    value: 1,
    replayed: false,
  });
  expect(await recordOf(owner.keyFamilyId, "K1")).toMatchObject({
    response_status: 202,
    response_body: '{"n":1}',
  });
  expect(await withIdempotency(db, request, work)).toEqual({ status: 202, body: '{"n":1}', replayed: true });
  expect(runs).toBe(1);
  await expect(withIdempotency(db, { ...request, requestHash: bodyHash("h2") }, work)).rejects.toThrow(
    IdempotencyConflictError,
  );
  await expect(withIdempotency(db, { ...request, path: "/v1/contexts/batch" }, work)).rejects.toThrow(
    IdempotencyConflictError,
  );
  expect(runs).toBe(1);
});

it("frees the key when the work fails, and takes an expired record over", async () => {
  const db = database.db;
  const owner = await seedUser(db);
  const request = {
    userId: owner.userId,
    keyFamilyId: owner.keyFamilyId,
    key: "K2",
    method: "POST",
    path: "/v1/contexts",
    requestHash: bodyHash("h1"),
  };
  await expect(
    withIdempotency(db, request, async () => {
      throw new Error("write failed");
    }),
  ).rejects.toThrow("write failed");
  expect(await recordOf(owner.keyFamilyId, "K2")).toBeNull();

  const then = new Date(Date.now() - 60_000);
  await withIdempotency(db, { ...request, now: then, ttlMs: 1_000 }, async () => ({
    status: 202,
    body: "first",
    value: 1,
  }));
  // expired: another request with the key is not a conflict, it does its own work
  const again = await withIdempotency(db, { ...request, requestHash: bodyHash("h2") }, async () => ({
    status: 201,
    body: "second",
    value: 2,
  }));
  expect(again).toEqual({ status: 201, body: "second", value: 2, replayed: false });
  const row = await recordOf(owner.keyFamilyId, "K2");
  expect(row).toMatchObject({
    response_status: 201,
    response_body: "second",
    request_hash: Buffer.from(bodyHash("h2"), "hex"),
  });
  expect(row?.expires_at.getTime()).toBeGreaterThan(Date.now());
});

it("runs the work in the key's one transaction: what it wrote rolls back with the claim", async () => {
  const db = database.db;
  // on the pg pool, as the API's client is: inSqlTransaction's own BEGIN and COMMIT
  expect(pgPoolOf(db)).toBeDefined();
  const owner = await seedUser(db);
  const request = {
    userId: owner.userId,
    keyFamilyId: owner.keyFamilyId,
    key: "K3",
    method: "POST",
    path: "/v1/contexts",
    requestHash: bodyHash("h1"),
  };
  const eventsOf = async () =>
    (
      await db.$queryRaw<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM outbox_events WHERE user_id = ${owner.userId}`
    )[0]?.n;
  const written = (sql: Parameters<typeof recordEvent>[0]) =>
    recordEvent(sql, { userId: owner.userId, event: "webhook.disabled", data: {} });
  await expect(
    withIdempotency(db, request, async (sql) => {
      await written(sql);
      expect(await eventsOf()).toBe(0); // not visible outside the transaction before it commits
      throw new Error("write failed");
    }),
  ).rejects.toThrow("write failed");
  expect({ events: await eventsOf(), key: await recordOf(owner.keyFamilyId, "K3") }).toEqual({
    events: 0,
    key: null,
  });

  await withIdempotency(db, request, async (sql) => {
    await written(sql);
    return { status: 202, body: "done", value: 1 };
  });
  expect(await eventsOf()).toBe(1);
  expect(await recordOf(owner.keyFamilyId, "K3")).toMatchObject({ response_body: "done" });
});

it("deletes the records past their time, and only those", async () => {
  const db = database.db;
  const owner = await seedUser(db);
  const base = {
    userId: owner.userId,
    keyFamilyId: owner.keyFamilyId,
    method: "POST",
    path: "/v1/contexts",
    requestHash: bodyHash("h"),
  };
  const work = async () => ({ status: 202, body: "{}", value: 0 });
  const now = new Date("2030-01-01T00:00:00Z");
  await withIdempotency(
    db,
    { ...base, key: "old", now: new Date(now.getTime() - 2_000), ttlMs: 1_000 },
    work,
  );
  await withIdempotency(
    db,
    { ...base, key: "edge", now: new Date(now.getTime() - 1_000), ttlMs: 1_000 },
    work,
  );
  await withIdempotency(db, { ...base, key: "live", now, ttlMs: 1_000 }, work);
  const before = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM idempotency_keys WHERE expires_at <= ${now}`;
  expect(await deleteExpiredIdempotencyKeys(db, now)).toBe(before[0]?.n);
  expect(await recordOf(owner.keyFamilyId, "old")).toBeNull();
  expect(await recordOf(owner.keyFamilyId, "edge")).toBeNull();
  expect(await recordOf(owner.keyFamilyId, "live")).not.toBeNull();
  expect(await deleteExpiredIdempotencyKeys(db, now)).toBe(0);
});
