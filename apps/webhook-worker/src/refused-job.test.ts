// Integration: real PostgreSQL (fresh database), real Redis (own prefix), a real HTTP receiver on
// 127.0.0.1 and the real worker runtime. A delivery job names its delivery by its key, event id and
// webhook id (the job catalog); one of the form before, delivery id and event id (no release queued
// one: DESIGN.md, "Stored forms"), is refused, logged once and not retried, and the reconciler
// enqueues the pending delivery again by its key.
import { Writable } from "node:stream";
import { waitFor } from "@ctxlog/core/testing";
import { createTestDelivery } from "@ctxlog/db";
import { deliveryRowOf } from "@ctxlog/db/testing";
import { JOBS } from "@ctxlog/jobs";
import { TEST_REDIS_URL } from "@ctxlog/jobs/testing";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { createLogger } from "./logger";
import { createWorkerHarness, type WorkerHarness } from "./testing/harness";

const lines: Record<string, unknown>[] = [];
let h: WorkerHarness;

beforeAll(async () => {
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split("\n")) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  h = await createWorkerHarness({}, { start: false, logger: createLogger("info", destination) });
});
afterAll(() => h.close());

it("refuses a job of the form before (delivery id and event id) once, and the delivery is made once, by the reconciler's job", async () => {
  const userId = await h.user();
  const r = await h.receiver(() => 200);
  const hook = await h.webhook(userId, r.url, ["context.confirmed"]);
  const delivery = await createTestDelivery(h.db, { userId, webhookId: hook.id, event: "context.confirmed" });
  // queued as a job of the form before, naming the delivery by its id and its event (jobId = the
  // delivery id), before the worker runs
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue(JOBS.deliverWebhook.queue, { connection: redis, prefix: h.prefix });
  try {
    await queue.add(
      "deliverWebhook",
      { deliveryId: delivery.id, eventId: delivery.eventId },
      {
        jobId: delivery.id,
        attempts: JOBS.deliverWebhook.attempts,
        backoff: JOBS.deliverWebhook.backoff,
        removeOnComplete: true,
        removeOnFail: true,
      },
    );
    await h.startWorker();

    const [got] = await r.waitFor(1, 5_000);
    expect(got?.headers["x-service-delivery"]).toBe(delivery.id);
    const done = await waitFor(async () => {
      const row = await deliveryRowOf(h.db, { webhookId: hook.id, eventId: delivery.eventId });
      return row.status === "succeeded" ? row : undefined;
    });
    expect(done).toMatchObject({ attempts: 1, eventId: delivery.eventId });
    // deliberate: a retried refusal would come back after its backoff (1 s, then 2 s)
    await new Promise((res) => setTimeout(res, 1_500));
    expect(r.requests).toHaveLength(1);
    const refusals = lines.filter((l) => l.msg === "delivery job refused: not a deliverWebhook payload");
    expect(refusals).toEqual([
      expect.objectContaining({
        level: 50,
        jobId: delivery.id,
        issues: [expect.stringMatching(/^webhookId: /), 'payload: Unrecognized key: "deliveryId"'],
      }),
    ]);
    expect(lines.filter((l) => l.msg === "delivery job failed unexpectedly")).toEqual([]);
  } finally {
    await queue.close();
    redis.disconnect();
  }
});
