// Integration: real PostgreSQL (a fresh database).
import { createApiKey } from "../api-keys/create-api-key";
import { createTestDatabase } from "../testing";
import { recordEvent } from "./record-event";

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase("ctxlog_outbox_test");
  await createApiKey(database.db, { userId: "u1", type: "full" });
});
afterAll(() => database.drop());

describe("recordEvent (the event outbox)", () => {
  it("stores the envelope serialized once, as the exact bytes to sign and send", async () => {
    const timestamp = new Date("2026-01-02T03:04:05.678Z");
    const row = await recordEvent(database.db, {
      userId: "u1",
      event: "context.created",
      data: { context_id: "ctx_1", z: 1, a: [1, 2] },
      timestamp,
    });
    expect(row.id).toMatch(/^evt_/);
    expect(row.payload).toBe(
      '{"event":"context.created","timestamp":"2026-01-02T03:04:05.678Z","data":{"context_id":"ctx_1","z":1,"a":[1,2]}}',
    );
    const stored = await database.db.outboxEvent.findUniqueOrThrow({ where: { id: row.id } });
    expect(stored.payload).toBe(row.payload);
    expect(stored.fannedOutAt).toBeNull();
  });

  it("commits with the state change and rolls back with it", async () => {
    const before = await database.db.outboxEvent.count();
    await expect(
      database.db.$transaction(async (tx) => {
        await recordEvent(tx, { userId: "u1", event: "context.failed", data: {} });
        throw new Error("the state change failed");
      }),
    ).rejects.toThrow("the state change failed");
    expect(await database.db.outboxEvent.count()).toBe(before);

    await database.db.$transaction(async (tx) => {
      await recordEvent(tx, { userId: "u1", event: "context.confirmed", data: {}, contextId: "ctx_2" });
    });
    expect(await database.db.outboxEvent.count()).toBe(before + 1);
  });
});
