// Integration: `npm run bench:evidence` run end to end at a tiny size against real PostgreSQL,
// Redis and anvil, as the other bench smoke tests run theirs (a scratch database and Redis prefix
// of its own). Figures are not checked — the bench reports them, on a quiet machine — only that it
// runs to its summary, that the pack it streams verifies in TypeScript (streamed and in memory
// alike), and that Python is either measured or said to be not available.
import { BENCH_TIMEOUT_MS, runBench } from "./run-bench";

describe("the evidence pack's bench runs end to end at a tiny size", () => {
  it(
    "bench:evidence",
    async () => {
      const out = await runBench("evidence.js", { BENCH_EVIDENCE_BATCH_MAX: "100" }, ["--entries", "300"]);
      expect(out).toMatch(/settings changed from production defaults: .*BATCH_MAX=100/);
      expect(out).toMatch(
        /pack: [\d.]+ MiB \(zip\) downloaded in [\d.]+ s .* API RSS .* growth -?[\d.]+ MiB/,
      );
      expect(out).toMatch(
        /verify-pack, TypeScript \(npx ctxlog verify-pack\): verified \(exit 0\), 300 entries in/,
      );
      expect(out).toMatch(/readPackZip's files in memory: verified \(exit 0\), 300 entries/);
      expect(out).toMatch(/verify-pack, Python(: not available| \(python -m ctxlog verify-pack\): verified)/);
      expect(out).toMatch(/summary: 300 entries/);
    },
    BENCH_TIMEOUT_MS,
  );
});
