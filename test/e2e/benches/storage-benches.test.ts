// Integration: each `npm run bench:*` run end to end at a tiny size against real PostgreSQL, Redis
// and anvil (each bench makes and drops its own scratch database and Redis prefix). Figures are not
// checked here — speed is the benches' to report, on a quiet machine — only that every bench still
// runs to its summary and exits 0, so a bench cannot rot between the sessions that measure with it.
// The benches are split over three files so that jest's two workers share them; this one: storage, retention, webhooks and
// the paired runner.
import { BENCH_TIMEOUT_MS, runBench } from "./run-bench";

// one at a time within a file: each starts its own stack
describe("the storage and webhook benches run end to end at a tiny size", () => {
  it(
    "bench:storage",
    async () => {
      const out = await runBench("storage.js", {
        BENCH_STORAGE_CONTEXTS: "200",
        // one payload, one stack: the incompressible run is the same code on other bytes
        BENCH_STORAGE_PAYLOADS: "corpus",
      });
      expect(out).toMatch(/200 contexts confirmed and 800 deliveries succeeded \(800 requests received\)/);
      expect(out).toMatch(/\| \*\*total\*\* \| \*\*\d+\*\* \| \d+ \| \d+ \|/);
      expect(out).toMatch(/\| contexts \| heap \| \d+ \| \d+ \|/);
    },
    BENCH_TIMEOUT_MS,
  );

  it(
    "bench:webhook-storage",
    async () => {
      const out = await runBench("webhook-storage.js", { BENCH_STORAGE_CONTEXTS: "100" });
      expect(out).toMatch(
        /bench:webhook-storage — 100 contexts sampled \(\d+ events, \d+ deliveries, \d+ attempts\)/,
      );
      expect(out).toMatch(/\| total \| [\d,]+ \| [\d,]+ \|/);
    },
    BENCH_TIMEOUT_MS,
  );

  it(
    "bench:retention",
    async () => {
      const out = await runBench("retention.js", {
        BENCH_RETENTION_ROWS: "500",
        BENCH_RETENTION_BATCH_SIZE: "100",
      });
      expect(out).toMatch(
        /\| \(p\) drop the day's partitions \(tables locked [\d,]+ ms of it\) \| [\d,]+ ms \|/,
      );
      expect(out).toMatch(/WAL \(r\)\/\(p\) = /);
    },
    BENCH_TIMEOUT_MS,
  );

  it(
    "bench:partitions-upgrade",
    async () => {
      const out = await runBench("partitions-upgrade.js", { BENCH_UPGRADE_EVENTS: "500" });
      expect(out).toMatch(/500 events, deliveries and attempts into \d+ partitions of each table: [\d,]+ ms/);
    },
    BENCH_TIMEOUT_MS,
  );

  it(
    "bench:webhooks",
    async () => {
      const out = await runBench("webhooks.js", { BENCH_WEBHOOK_EVENTS: "200" });
      expect(out).toMatch(/\(d\) floor/);
      expect(out).toMatch(/b\/a = [\d.]+/);
    },
    BENCH_TIMEOUT_MS,
  );

  it(
    "bench:integrations",
    async () => {
      const out = await runBench("integrations.js", { BENCH_INTEGRATION_STEPS: "50" });
      // every integration's row, its two medians and what it adds (the figure is the bench's to judge)
      for (const name of ["langchain", "mcp-proxy", "openai-agents", "vercel-ai"]) {
        expect(out).toMatch(
          new RegExp(`\\| [^|]*${name}[^|]* \\| [\\d.]+ \\| [\\d.]+ \\| -?[\\d.]+ \\| (met|NOT met) \\|`),
        );
      }
    },
    BENCH_TIMEOUT_MS,
  );

  it(
    "bench:paired (this tree against itself: the alternation, the figures read from the bench's output, the verdict)",
    async () => {
      const env = { BENCH_STORAGE_CONTEXTS: "100", BENCH_STORAGE_PAYLOADS: "corpus" };
      const args = ["storage", "--base-dir", ".", "--rounds", "1", "--no-build"];
      const out = await runBench("paired.js", env, args);
      expect(out).toMatch(/round 1 base: bytes per context as written \d+, bytes per context compact \d+/);
      expect(out).toMatch(/round 1 head: bytes per context as written \d+/);
      expect(out).toMatch(
        /\| bytes per context compact \| \d+ \| \d+ \| [\d.]+ \| (within 5 % or better|worse by more than 5 %) \|/,
      );
    },
    BENCH_TIMEOUT_MS,
  );
});
