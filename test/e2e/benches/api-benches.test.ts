// Integration: each `npm run bench:*` run end to end at a tiny size against real PostgreSQL, Redis
// and anvil (each bench makes and drops its own scratch database and Redis prefix). Figures are not
// checked here — speed is the benches' to report, on a quiet machine — only that every bench still
// runs to its summary and exits 0, so a bench cannot rot between the sessions that measure with it.
// The benches are split over three files so that jest's two workers share them; this one: the API's.
import { BENCH_TIMEOUT_MS, runBench } from "./run-bench";

// one at a time within a file: each starts its own stack
describe("the API's benches run end to end at a tiny size", () => {
  it(
    "bench:api",
    async () => {
      const out = await runBench("api.js", {
        BENCH_DURATION_SECONDS: "1",
        BENCH_API_PROCESSES: "1",
        BENCH_API_AGENTS: "10",
        BENCH_API_ROUNDS: "1",
        BENCH_CONNECTIONS: "4",
      });
      expect(out).toMatch(/\(b\) POST \/v1\/contexts, API_PROCESSES=1, one agent \| \d+/);
      expect(out).toMatch(/one agent's log costs/);
    },
    BENCH_TIMEOUT_MS,
  );

  it(
    "bench:ingest",
    async () => {
      const out = await runBench("ingest.js", {
        BENCH_DURATION_SECONDS: "1",
        BENCH_CONNECTIONS: "4",
        BENCH_BATCH_CONNECTIONS: "2",
        BENCH_PRODUCERS: "4",
        BENCH_E2E_CONTEXTS: "300",
      });
      expect(out).toMatch(/\(c\) POST \/v1\/contexts\/batch/);
      expect(out).toMatch(/end to end: 300 contexts/);
    },
    BENCH_TIMEOUT_MS,
  );

  it(
    "bench:otel",
    async () => {
      const out = await runBench("otel.js", {
        BENCH_DURATION_SECONDS: "1",
        BENCH_CONNECTIONS: "2",
        BENCH_OTEL_PAYLOADS: "16",
      });
      // both rounds of (o) accepted spans (neither ran on empty)
      expect(out).toMatch(/\(o\) POST \/v1\/otel\/v1\/traces, 512-span protobuf payloads \| 1 \| [1-9]\d*/);
      expect(out).toMatch(/\(o\) POST \/v1\/otel\/v1\/traces, 512-span protobuf payloads \| 2 \| [1-9]\d*/);
      expect(out).toMatch(/\(o\)\/\(c\) = [\d.]+, means of 2 alternating rounds/);
      expect(out).toMatch(/payloads: the bench corpus/);
      expect(out).toMatch(/settings changed from production defaults: api: PLAN_RATE_LIMITS=/);
    },
    BENCH_TIMEOUT_MS,
  );

  it(
    "bench:verify",
    async () => {
      const out = await runBench("verify.js", { BENCH_VERIFY_CONTEXTS: "20", BENCH_VERIFY_CONCURRENCY: "4" });
      expect(out).toMatch(
        /\(a\) API POST \/verifications .* 20\/20 verified · 20 verification\.completed events/,
      );
      expect(out).toMatch(/\(b\) SDK verifyContext .* 20\/20 verified/);
    },
    BENCH_TIMEOUT_MS,
  );

  it(
    "bench:invitations",
    async () => {
      const out = await runBench("invitations.js", { BENCH_INVITATIONS_N: "5" });
      expect(out).toMatch(/bench:invitations — 5 invitations per kind/);
      expect(out).toMatch(/median\(invited\) - median\(unknown\): -?[\d.]+ ms/);
      expect(out).toMatch(/mails received: \d+ of \d+/);
    },
    BENCH_TIMEOUT_MS,
  );
});
