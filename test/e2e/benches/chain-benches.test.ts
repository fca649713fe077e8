// Integration: each `npm run bench:*` run end to end at a tiny size against real PostgreSQL, Redis
// and anvil (each bench makes and drops its own scratch database and Redis prefix). Figures are not
// checked here — speed is the benches' to report, on a quiet machine — only that every bench still
// runs to its summary and exits 0, so a bench cannot rot between the sessions that measure with it.
// The benches are split over three files so that jest's two workers share them; this one: the chain's, the audit, the Redis Cluster and the dashboard in Chromium.
import { BENCH_TIMEOUT_MS, runBench } from "./run-bench";

// one at a time within a file: each starts its own stack
describe("the chain's, the audit's, the cluster's and the dashboard's benches run end to end at a tiny size", () => {
  it(
    "bench:chain",
    async () => {
      const out = await runBench("chain.js", {
        // BATCH_MAX=1 sends a transaction per context, on 1 s blocks: few contexts
        BENCH_CHAIN_CONTEXTS: "20",
        BENCH_CHAIN_BATCH_SIZES: "1,8",
        BENCH_CHAIN_CONCURRENCY: "8",
        BENCH_CHAIN_ROUNDS: "1",
      });
      expect(out).toMatch(/BATCH_MAX=8 +posted/);
      expect(out).toMatch(/one agent's log costs/);
    },
    BENCH_TIMEOUT_MS,
  );

  it(
    "bench:audit",
    async () => {
      const out = await runBench("audit.js", { BENCH_AUDIT_ENTRIES: "300", BENCH_AUDIT_BATCH_MAX: "100" });
      expect(out).toMatch(/audit of all 300: 300 entries/);
    },
    BENCH_TIMEOUT_MS,
  );

  it(
    "bench:cluster",
    async () => {
      const out = await runBench("cluster.js", {
        BENCH_CLUSTER_CONTEXTS: "200",
        BENCH_CLUSTER_ROUNDS: "1",
        BENCH_BATCH_CONNECTIONS: "2",
      });
      expect(out).toMatch(/\| Redis Cluster, 3 masters \| \d+ contexts\/s/);
      expect(out).toMatch(/CROSSSLOT errors on the cluster: 0; duplicate deliveries: 0/);
      expect(out).toMatch(/cluster\/one = [\d.]+/);
    },
    BENCH_TIMEOUT_MS,
  );

  it(
    "bench:dashboard",
    async () => {
      // one cold load of each page, 600 contexts of which 500 are the spans of 25 traces
      const out = await runBench("dashboard.js", {
        BENCH_DASHBOARD_RUNS: "1",
        BENCH_DASHBOARD_CONTEXTS: "600",
        BENCH_DASHBOARD_TRACES: "25",
      });
      expect(out).toMatch(/overview: numbers and chart shown \(first page usable\) +median +[\d,]+ ms/);
      expect(out).toMatch(/With [\d,]+ contexts in the database/);
      expect(out).toMatch(/cold load, contexts: first rows shown +median +[\d,]+ ms/);
    },
    BENCH_TIMEOUT_MS,
  );
});
