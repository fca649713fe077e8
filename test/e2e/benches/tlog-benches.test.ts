// Integration: `npm run bench:tlog` run end to end at a tiny size against real PostgreSQL, Redis and
// anvil, as the other bench smoke tests run theirs (a scratch database and Redis prefix of its
// own). Figures are not checked — the bench reports them, on a quiet machine — only that each of
// its four measures runs to its line and the summary.
import { BENCH_TIMEOUT_MS, runBench } from "./run-bench";

describe("the transparency log's bench runs end to end at a tiny size", () => {
  it(
    "bench:tlog",
    async () => {
      const out = await runBench("tlog.js", {
        BENCH_TLOG_ENTRIES: "500",
        BENCH_TLOG_LATENCY_SAMPLES: "3",
        BENCH_TLOG_TILE_SECONDS: "1",
      });
      expect(out).toMatch(/sequenced: 500 entries covered by a checkpoint [\d.]+ s after the first POST/);
      expect(out).toMatch(/checkpoint latency, POST to covered: p50 \d+ ms, p99 \d+ ms/);
      expect(out).toMatch(/tile reads: \d+ full tiles\/s/);
      expect(out).toMatch(/storage: \d+ bytes per entry as written \(tlog_leaves \d+/);
      expect(out).toMatch(/summary: /);
    },
    BENCH_TIMEOUT_MS,
  );
});
