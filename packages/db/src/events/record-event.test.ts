// Integration: real PostgreSQL (a fresh database).
import { generateWebhookSecret, idTimestamp, sampleEventEnvelope } from "@ctxlog/core";
import { createApiKey } from "../api-keys/create-api-key";
import { createTestDatabase, testSecretKeyring } from "../testing";
import { createTestDelivery } from "../webhooks/create-test-delivery";
import { createWebhook } from "../webhooks/create-webhook";
import { recordEvent, recordEvents } from "./record-event";

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
    const stored = await database.db.outboxEvent.findFirstOrThrow({ where: { id: row.id } });
    expect(stored.payload).toBe(row.payload);
    // queued for the fan-out, in the same statement
    expect(await database.db.unfannedEvent.count({ where: { id: row.id } })).toBe(1);
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
      await recordEvent(tx, { userId: "u1", event: "context.failed", data: {}, contextId: "ctx_2" });
    });
    expect(await database.db.outboxEvent.count()).toBe(before + 1);
  });
});

// Everything but the id, which is new per row.
// a row as stored, whoever wrote it (recordEvent also says whether it queued the event)
const comparable = <T extends { id: string; queued?: boolean }>({ id: _id, queued: _queued, ...row }: T) =>
  row;

describe("recordEvents (the bulk form)", () => {
  it("writes the same rows recordEvent writes, test events already fanned out", async () => {
    const timestamp = new Date("2026-02-03T04:05:06.789Z");
    const inputs = [
      { userId: "u1", event: "context.erased" as const, data: { n: 1 }, contextId: "ctx_3", timestamp },
      { userId: "u1", event: "context.failed" as const, data: { n: 2 }, timestamp, test: true },
    ];
    const single = await Promise.all(inputs.map((input) => recordEvent(database.db, input)));
    await recordEvents(database.db, inputs);
    const bulk = await database.db.outboxEvent.findMany({
      where: { createdAt: timestamp, id: { notIn: single.map((r) => r.id) } },
      orderBy: { id: "asc" },
    });
    expect(bulk.map(comparable)).toEqual(single.map(comparable));
    const queued = async (rows: { id: string }[]) =>
      (await database.db.unfannedEvent.findMany({ where: { id: { in: rows.map((r) => r.id) } } })).length;
    expect(single[1]).toMatchObject({ queued: false });
    expect(await queued([single[1] as { id: string }, bulk[1] as { id: string }])).toBe(0);
    expect(JSON.parse(single[1]?.payload ?? "{}")).toMatchObject({ event: "context.failed", test: true });
    expect(single[0]).toMatchObject({ queued: true });
    expect(await queued([single[0] as { id: string }, bulk[0] as { id: string }])).toBe(2);
    expect(JSON.parse(single[0]?.payload ?? "{}")).not.toHaveProperty("test");
  });
});

describe("createTestDelivery (a test event goes through recordEvent too)", () => {
  it("stores the row recordEvent stores for the sample, fanned out, with its one delivery", async () => {
    const webhook = await createWebhook(database.db, {
      userId: "u1",
      url: "https://example.com/hook",
      events: ["context.created"],
      description: "",
      secret: generateWebhookSecret(),
      maxPerUser: 20,
      keyring: testSecretKeyring(),
    });
    const delivery = await createTestDelivery(database.db, {
      userId: "u1",
      webhookId: webhook.id,
      event: "verification.completed",
    });
    const row = await database.db.outboxEvent.findFirstOrThrow({ where: { id: delivery.eventId } });
    const { payload, ...rest } = comparable(row);
    // A sample envelope (its ids are random) stamped with the row's own time: one clock read for both.
    const sample = JSON.parse(payload) as { timestamp: string; data: Record<string, unknown> };
    const expected = JSON.parse(sampleEventEnvelope("verification.completed", row.createdAt));
    expect(Object.keys(sample)).toEqual(Object.keys(expected));
    expect(Object.keys(sample.data)).toEqual(Object.keys(expected.data));
    expect(sample).toMatchObject({
      event: "verification.completed",
      timestamp: row.createdAt.toISOString(),
      test: true,
    });
    const same = await recordEvent(database.db, {
      userId: "u1",
      event: "verification.completed",
      data: sample.data,
      timestamp: row.createdAt,
      test: true,
    });
    expect(comparable(same)).toEqual({ payload, ...rest });
    expect(rest).toMatchObject({ contextId: null });
    expect(await database.db.unfannedEvent.count({ where: { id: row.id } })).toBe(0);
    expect(delivery).toMatchObject({ webhookId: webhook.id, event: "verification.completed" });
    // created as its id was minted, just after the event's clock read
    expect(delivery.createdAt).toEqual(idTimestamp(delivery.id));
    expect(delivery.createdAt.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime());
    expect(await database.db.webhookDelivery.count({ where: { eventId: row.id } })).toBe(1);
  });
});
