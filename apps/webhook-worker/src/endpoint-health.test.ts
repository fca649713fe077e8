// Integration: real PostgreSQL, real Redis (own prefix), loopback receivers and the real worker
// runtime. Endpoint health: 410 Gone, the disable-after rule, what a disabled endpoint gets (nothing)
// and how its events come back (enable, recover).
import { deliveryIdOf } from "@ctxlog/core";
import { waitFor } from "@ctxlog/core/testing";
import { ENDPOINT_DISABLED_ERROR, enableWebhook, recoverDeliveries } from "@ctxlog/db";
import { deliveryRowOf } from "@ctxlog/db/testing";
import { createWorkerHarness, type WorkerHarness } from "./testing/harness";

let h: WorkerHarness;

beforeAll(async () => {
  // 0.01 h = 36 s: a webhook failing since an hour ago is past it, one failing since 5 s is not.
  h = await createWorkerHarness({ WEBHOOK_DISABLE_AFTER_HOURS: "0.01" });
});
afterAll(async () => {
  await h.close();
});

// the compressed schedule's first retry comes 200 ms after a failure; wait well past it
const TEST_RETRY_WAIT_MS = 800;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function deliveryOf(webhookId: string, eventId: string, status?: string) {
  return waitFor(
    async () => {
      const row = await h.db.webhookDelivery.findFirst({ where: { webhook: { id: webhookId }, eventId } });
      if (!row || (status !== undefined && row.status !== status)) return undefined;
      return deliveryRowOf(h.db, { webhookId, eventId }); // with its last attempt's status
    },
    { timeout: 10_000 },
  );
}

describe("endpoint health (PostgreSQL + Redis + loopback receivers)", () => {
  it("a 410 Gone disables the endpoint at once and announces it to the user's other endpoints", async () => {
    const userId = await h.user();
    const gone = await h.receiver(() => 410);
    const watcher = await h.receiver(() => 200);
    const hook = await h.webhook(userId, gone.url, ["context.created"]);
    const other = await h.webhook(userId, watcher.url, ["webhook.disabled"]);

    const event = await h.event(userId, "context.created");
    await gone.waitFor(1);
    const delivery = await deliveryOf(hook.id, event.id, "failed");
    expect(delivery).toMatchObject({
      attempts: 1,
      responseStatus: 410,
      errorMessage: ENDPOINT_DISABLED_ERROR,
    });
    const row = await h.db.webhook.findUniqueOrThrow({ where: { id: hook.id } });
    expect(row.disabledAt).not.toBeNull();
    expect(row.disabledReason).toBe("gone");

    const [announced] = await watcher.waitFor(1);
    expect(announced?.headers["x-service-event"]).toBe("webhook.disabled");
    expect(JSON.parse(announced?.body ?? "{}").data).toEqual({
      webhook_id: hook.id,
      description: "",
      disabled_at: row.disabledAt?.toISOString(),
      disabled_reason: "gone",
    });
    expect(await h.db.webhookDelivery.count({ where: { webhook: { id: other.id } } })).toBe(1);

    await sleep(TEST_RETRY_WAIT_MS); // past the schedule's next attempt: none is made
    expect(gone.requests).toHaveLength(1);
  });

  it("disables an endpoint failing for longer than WEBHOOK_DISABLE_AFTER_HOURS, and only that one", async () => {
    const userId = await h.user();
    const down = await h.receiver(() => 503);
    const longFailing = await h.webhook(userId, down.url);
    const recentlyFailing = await h.webhook(userId, down.url);
    const hourAgo = new Date(Date.now() - 3_600_000);
    await h.db.webhook.update({
      where: { id: longFailing.id },
      data: { status: "failing", failingSince: hourAgo },
    });
    await h.db.webhook.update({
      where: { id: recentlyFailing.id },
      data: { status: "failing", failingSince: new Date(Date.now() - 5_000) },
    });

    const event = await h.event(userId, "context.created");
    await deliveryOf(longFailing.id, event.id, "failed");
    await deliveryOf(recentlyFailing.id, event.id, "failed");
    // the worker disables the webhook right after it records the failed delivery: wait for it
    const disabled = await waitFor(async () => {
      const row = await h.db.webhook.findUniqueOrThrow({ where: { id: longFailing.id } });
      return row.disabledAt ? row : undefined;
    });
    const kept = await h.db.webhook.findUniqueOrThrow({ where: { id: recentlyFailing.id } });
    expect(disabled).toMatchObject({ status: "failing", disabledReason: "failing" });
    expect(disabled?.disabledAt).not.toBeNull();
    expect(kept).toMatchObject({ status: "failing", disabledAt: null });
    expect(down.requests).toHaveLength(10); // five attempts each: the rule never shortens a cycle
  });

  it("a disabled endpoint receives nothing; its new events are failed deliveries, sent after enabling and recovering", async () => {
    const userId = await h.user();
    const r = await h.receiver(() => 200);
    const hook = await h.webhook(userId, r.url);
    await h.db.webhook.update({
      where: { id: hook.id },
      data: { disabledAt: new Date(), disabledReason: "gone" },
    });
    const since = new Date();
    const missed = await h.event(userId, "context.created", { n: 1 });
    const delivery = await deliveryOf(hook.id, missed.id);
    expect(delivery).toMatchObject({ status: "failed", attempts: 0, errorMessage: ENDPOINT_DISABLED_ERROR });
    expect(delivery?.nextAttemptAt).toBeNull();
    await sleep(700); // fan-out, reconciler and worker had their chance
    expect(r.requests).toHaveLength(0);

    expect(await enableWebhook(h.db, userId, hook.id)).toBe(true);
    const reopened = await recoverDeliveries(h.db, hook.id, { since });
    expect(reopened).toEqual([{ eventId: missed.id, webhookId: hook.id }]);
    for (const d of reopened) await h.enqueueDelivery(d);
    const [received] = await r.waitFor(1);
    expect(received?.headers["x-service-delivery"]).toBe(deliveryIdOf(missed.id));
    expect(received?.body).toBe(missed.payload);
    await deliveryOf(hook.id, missed.id, "succeeded");
  });
});
