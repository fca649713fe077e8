// Integration across apps: the real API (its test harness: fresh PostgreSQL database, own Redis
// prefix) and the real webhook-worker runtime on the same database and prefix, delivering to a
// loopback receiver. A receiver is down, comes back, and asks for what it missed.
import { deliveryIdOf } from "@ctxlog/core";
import { waitFor } from "@ctxlog/core/testing";
import { recordEvent } from "@ctxlog/db";
import { type Receiver, startReceiver } from "@ctxlog/webhooks/testing";
import { bearer, createTestHarness, type TestHarness } from "../../../apps/api/src/testing/harness";
import { createLogger } from "../../../apps/webhook-worker/src/logger";
import { workerEnv } from "../../../apps/webhook-worker/src/testing/harness";
import { createWorkerRuntime, type WorkerRuntime } from "../../../apps/webhook-worker/src/wiring";

const ENDPOINT_CONCURRENCY = 2;
const REPLY_MS = 150;

let h: TestHarness;
let worker: WorkerRuntime;
let receiver: Receiver;
let up = false;

beforeAll(async () => {
  h = await createTestHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: "true", WEBHOOK_ALLOW_INSECURE_URLS: "true" });
  worker = createWorkerRuntime(
    workerEnv(h.env.DATABASE_URL, h.prefix, { WEBHOOK_ENDPOINT_CONCURRENCY: String(ENDPOINT_CONCURRENCY) }),
    createLogger("silent"),
  );
  await worker.start();
  receiver = await startReceiver(() => (up ? { status: 200, delayMs: REPLY_MS } : 503));
});
afterAll(async () => {
  await worker?.stop();
  await receiver?.close();
  await h?.close();
});

it("recover sends exactly the failed deliveries of the window, with their ids and bodies, at most the endpoint's concurrency at a time", async () => {
  const t = await h.tenant();
  const created = await h.request
    .post("/v1/webhooks")
    .set(bearer(t.keys.full))
    .send({ url: receiver.url, events: ["context.created"] });
  expect(created.status).toBe(201);
  const hookId: string = created.body.webhook_id;
  const settled = (count: number, status: string) =>
    waitFor(
      async () => {
        const n = await h.db.webhookDelivery.count({
          where: { webhook: { id: hookId }, status: status as never },
        });
        return n >= count ? n : undefined;
      },
      { timeout: 15_000 },
    );
  const event = (n: number) => recordEvent(h.db, { userId: t.userId, event: "context.created", data: { n } });

  // down: one failure before the window, six in it, one after
  await event(0);
  await settled(1, "failed");
  const since = new Date();
  const missed = await Promise.all([1, 2, 3, 4, 5, 6].map(event));
  await settled(7, "failed");
  const until = new Date();
  await event(7);
  await settled(8, "failed");
  const inWindow = await h.db.webhookDelivery.findMany({
    where: { webhook: { id: hookId }, eventId: { in: missed.map((e) => e.id) } },
  });
  expect(inWindow.every((d) => d.status === "failed" && d.attempts === 5)).toBe(true);

  up = true;
  const sentBefore = receiver.requests.length;
  const res = await h.request
    .post(`/v1/webhooks/${hookId}/recover`)
    .set(bearer(t.keys.full))
    .send({ since: since.toISOString(), until: until.toISOString() });
  expect(res.status).toBe(202);
  expect(res.body).toEqual({ recovering: 6 });

  await settled(6, "succeeded");
  await new Promise((r) => setTimeout(r, 500)); // nothing else follows
  const recovered = receiver.requests.slice(sentBefore);
  expect(recovered.map((q) => q.headers["x-service-delivery"]).sort()).toEqual(
    inWindow.map((d) => deliveryIdOf(d.eventId)).sort(),
  );
  expect(recovered.map((q) => q.body).sort()).toEqual(missed.map((e) => e.payload).sort());
  // paced: a request arrives only once fewer than ENDPOINT_CONCURRENCY are still being answered
  for (const q of recovered) {
    const inFlight = recovered.filter((o) => o.at <= q.at && o.at + REPLY_MS > q.at).length;
    expect(inFlight).toBeLessThanOrEqual(ENDPOINT_CONCURRENCY);
  }
  const rows = await h.db.webhookDelivery.findMany({
    where: { webhook: { id: hookId } },
    orderBy: { eventId: "asc" },
  });
  expect(rows.map((d) => d.status)).toEqual(["failed", ...Array(6).fill("succeeded"), "failed"]);
}, 60_000);
