// Integration: each `npm run bench:*` run end to end at a tiny size against real PostgreSQL, Redis
// and anvil (each bench makes and drops its own scratch database and Redis prefix). Figures are not
// checked here — speed is the benches' to report, on a quiet machine — only that every bench still
// runs to its summary and exits 0, so a bench cannot rot between the sessions that measure with it.
// The benches are split over three files so that jest's two workers share them; this one: storage, retention and webhooks.
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
});
