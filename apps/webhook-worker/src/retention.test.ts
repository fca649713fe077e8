// Integration: real PostgreSQL, real Redis (own prefix), a loopback receiver and the real worker
// runtime with its retention loop on a very short RETENTION_DAYS, removing while it delivers.
import { waitFor } from "@ctxlog/core/testing";
import { attemptsOf, deliveryRowOf } from "@ctxlog/db/testing";
import { createWorkerHarness, type WorkerHarness } from "./testing/harness";

let h: WorkerHarness;

beforeAll(async () => {
  // 0.00002 days = 1.728 s; small batches, often. A failing delivery's schedule spans 4 s.
  h = await createWorkerHarness({
    RETENTION_DAYS: "0.00002",
    RETENTION_INTERVAL_MS: "100",
    RETENTION_BATCH_SIZE: "2",
    WEBHOOK_RETRY_DELAYS_MS: "400,800,1200,1600",
  });
});
afterAll(async () => {
  await h.close();
});

describe("retention loop (PostgreSQL + Redis + loopback receiver)", () => {
  it("removes events, deliveries and attempts once old and done, never while a delivery is pending", async () => {
    const userId = await h.user();
    // the `slow` event's delivery keeps failing through its whole schedule (4 s of retries)
    const r = await h.receiver((req) => (JSON.parse(req.body).data.slow ? 503 : 200));
    const hook = await h.webhook(userId, r.url);
    const done = await Promise.all([1, 2, 3, 4, 5].map((n) => h.event(userId, "context.created", { n })));
    const slow = await h.event(userId, "context.created", { slow: true });
    const exists = (id: string) => h.db.outboxEvent.count({ where: { id } });

    // the quick ones go once past the retention period…
    await waitFor(
      async () =>
        (await Promise.all(done.map((e) => exists(e.id)))).every((n) => n === 0) ? true : undefined,
      {
        timeout: 10_000,
      },
    );
    // …while the slow one, once as old (recorded a little later: under load, up to a few hundred ms),
    // is kept as long as its delivery is pending (its schedule runs 4 s). Deliberate: time must pass,
    // past the period and a few retention runs, to show that it is not removed.
    const pastPeriod = slow.createdAt.getTime() + 1_728 + 3 * 100;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, pastPeriod - Date.now())));
    const key = { webhookId: hook.id, eventId: slow.id };
    const pending = await deliveryRowOf(h.db, key);
    expect(Date.now() - slow.createdAt.getTime()).toBeGreaterThan(1_728);
    expect(pending.status).toBe("pending");
    expect(await exists(slow.id)).toBe(1);
    // what each attempt got back is stored with it, and goes with it
    const stored = await waitFor(async () => (await attemptsOf(h.db, key))[0], { timeout: 5_000 });
    expect(stored?.responseBody).toBe("ok");

    // once it has failed it goes too, with its five attempts
    await waitFor(async () => ((await exists(slow.id)) === 0 ? true : undefined), { timeout: 10_000 });
    expect(r.requests.filter((q) => JSON.parse(q.body).data.slow)).toHaveLength(5);
    expect(await h.db.webhookDelivery.count({ where: { webhook: { id: hook.id } } })).toBe(0);
    expect(await h.db.webhookAttempt.count({ where: { eventId: pending.eventId } })).toBe(0);
  }, 30_000);
});
