import { scrapeMetrics, waitFor } from "@ctxlog/core/testing";
import { type ChainHarness, createChainHarness } from "./testing/harness";

// The gauges the operator's alerts watch (ops/prometheus/alerts.yml), scraped from /metrics.
let h: ChainHarness;

beforeAll(async () => {
  h = await createChainHarness({ env: { CHAIN_WORKER_METRICS_PORT: "0", METRICS_REFRESH_MS: "100" } });
});
afterAll(() => h.close());

describe("chain worker operations gauges", () => {
  it("exports the signer's balance, the lease, the backlog's ages and the reconciler's re-enqueues", async () => {
    const worker = await h.startWorker();
    const url = `http://127.0.0.1:${worker.metricsPort()}/metrics`;
    // anvil funds each dev account with 10,000 ETH; the registry's deployer is another account
    const first = await waitFor(async () => {
      const s = await scrapeMetrics(url);
      // a refresh reads the chain, PostgreSQL and Redis at once: wait for the queue's gauges too
      const queued = s.value("ctxlog_queue_jobs", { queue: "anchor-writes", state: "waiting" });
      return s.value("chain_signer_lease_held") === 1 &&
        s.value("chain_signer_balance_ether") &&
        queued !== undefined
        ? s
        : undefined;
    });
    expect(first.value("chain_signer_balance_ether")).toBeCloseTo(10_000, 0);
    expect(first.value("chain_oldest_pending_context_age_seconds")).toBe(0);
    expect(first.value("chain_oldest_unconfirmed_anchor_age_seconds")).toBe(0);
    expect(first.value("ctxlog_queue_jobs", { queue: "anchor-writes", state: "waiting" })).toBe(0);
    expect(first.value("ctxlog_queue_oldest_waiting_seconds", { queue: "anchor-writes" })).toBe(0);
    expect(first.value("chain_reconciled_contexts_total")).toBe(0);

    // Pending contexts whose jobs were lost (never enqueued): their age shows, then the reconciler
    // re-enqueues them (after BATCH_WINDOW_MS + 5 s), they are anchored and the ages fall back to 0.
    const ids = await h.submit(3, false);
    await waitFor(async () => {
      const s = await scrapeMetrics(url);
      return (s.value("chain_oldest_pending_context_age_seconds") ?? 0) > 1;
    });
    const reconciled = await waitFor(async () => {
      const s = await scrapeMetrics(url);
      return (s.value("chain_reconciled_contexts_total") ?? 0) >= 3 ? s : undefined;
    });
    expect(reconciled.value("chain_reconciled_contexts_total")).toBe(3);
    await h.waitForStatus(ids);
    const after = await waitFor(async () => {
      const s = await scrapeMetrics(url);
      return s.value("chain_oldest_pending_context_age_seconds") === 0 &&
        s.value("chain_oldest_unconfirmed_anchor_age_seconds") === 0
        ? s
        : undefined;
    });
    // the anchor's gas was paid from the signer's balance
    expect(after.value("chain_signer_balance_ether")).toBeLessThan(
      first.value("chain_signer_balance_ether") ?? 0,
    );
  }, 60_000);
});
