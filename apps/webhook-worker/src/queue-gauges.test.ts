import { deliveryKeyText } from "@ctxlog/core";
import { scrapeMetrics, waitFor } from "@ctxlog/core/testing";
import { createWorkerHarness, type WorkerHarness } from "./testing/harness";

// The queue gauges and counters the operator's alerts watch (ops/prometheus/alerts.yml), scraped.
let h: WorkerHarness;

beforeAll(async () => {
  h = await createWorkerHarness(
    { WEBHOOK_WORKER_METRICS_PORT: "0", METRICS_REFRESH_MS: "100" },
    { start: false },
  );
});
afterAll(() => h.close());

describe("webhook worker operations metrics", () => {
  it("exports the deliveries queue per state, failed deliveries and endpoints by health as they happen", async () => {
    const worker = await h.startWorker();
    const url = `http://127.0.0.1:${worker.metricsPort()}/metrics`;
    // started: it consumes and fans out, and says so
    const ready = await fetch(`http://127.0.0.1:${worker.metricsPort()}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: "ready" }]);
    const first = await waitFor(async () => {
      const s = await scrapeMetrics(url);
      return s.value("ctxlog_queue_jobs", { queue: "webhook-deliveries", state: "delayed" }) === 0
        ? s
        : undefined;
    });
    expect(first.value("ctxlog_queue_oldest_waiting_seconds", { queue: "webhook-deliveries" })).toBe(0);

    // A job due in a minute is delayed until then (its delivery does not exist: the worker will skip it).
    const later = { eventId: "evt_0000000000000000000000000Z", webhookId: "whk_0000000000000000000000000Z" };
    await worker.queues.enqueue("deliverWebhook", later, { jobId: deliveryKeyText(later), delay: 60_000 });
    await waitFor(async () => {
      const s = await scrapeMetrics(url);
      return s.value("ctxlog_queue_jobs", { queue: "webhook-deliveries", state: "delayed" }) === 1;
    });

    // An endpoint that always fails: five attempts, then the delivery is failed.
    const userId = await h.user();
    const r = await h.receiver(() => 500);
    await h.webhook(userId, `${r.url}/hook`);
    // the endpoints by health, as the API shows them (this file's database holds this one)
    await waitFor(
      async () => (await scrapeMetrics(url)).value("webhook_endpoints", { health: "active" }) === 1,
    );
    await h.event(userId, "context.created");
    const failed = await waitFor(
      async () => {
        const s = await scrapeMetrics(url);
        return s.value("webhook_deliveries_total", { status: "failed" }) === 1 ? s : undefined;
      },
      { timeout: 15_000 },
    );
    expect(failed.value("webhook_attempts_total", { outcome: "failure" })).toBe(5);
    const failing = await waitFor(async () => {
      const s = await scrapeMetrics(url);
      return s.value("webhook_endpoints", { health: "failing" }) === 1 ? s : undefined;
    });
    for (const health of ["active", "degraded", "disabled"])
      expect(failing.value("webhook_endpoints", { health })).toBe(0);
  }, 30_000);
});
