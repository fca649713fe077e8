// Integration: each `npm run bench:*` the README and docs/operations.md quote, run end to end at a
// tiny size against real PostgreSQL, Redis (and bench:cluster's own Redis Cluster) and anvil (each bench makes and drops its own scratch
// database and Redis prefix). Figures are not checked here — speed is the benches' to report, on a
// quiet machine — only that every bench still runs to its summary and exits 0, so a bench cannot
// rot between the sessions that measure with it. Needs the build (`npm run build`, as .ci/run does).
import { execFile } from "node:child_process";
import path from "node:path";

const root = path.resolve(__dirname, "../../..");

function runBench(script: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(root, "bench", script)],
      { cwd: root, env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024, timeout: 240_000 },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`bench/${script} failed: ${err.message}\n${stdout}\n${stderr}`));
        else resolve(stdout);
      },
    );
  });
}

// one at a time: each starts its own stack, and two at once would only slow both down
describe("the benches run end to end at a tiny size (PostgreSQL, Redis, anvil)", () => {
  it("bench:api", async () => {
    const out = await runBench("api.js", {
      BENCH_DURATION_SECONDS: "1",
      BENCH_API_PROCESSES: "1",
      BENCH_API_AGENTS: "10",
      BENCH_API_ROUNDS: "1",
      BENCH_CONNECTIONS: "4",
    });
    expect(out).toMatch(/\(b\) POST \/v1\/contexts, API_PROCESSES=1, one agent \| \d+/);
    expect(out).toMatch(/one agent's log costs/);
  }, 240_000);

  it("bench:ingest", async () => {
    const out = await runBench("ingest.js", {
      BENCH_DURATION_SECONDS: "1",
      BENCH_CONNECTIONS: "4",
      BENCH_BATCH_CONNECTIONS: "2",
      BENCH_PRODUCERS: "4",
      BENCH_E2E_CONTEXTS: "300",
    });
    expect(out).toMatch(/\(c\) POST \/v1\/contexts\/batch/);
    expect(out).toMatch(/end to end: 300 contexts/);
  }, 240_000);

  it("bench:chain", async () => {
    const out = await runBench("chain.js", {
      BENCH_CHAIN_CONTEXTS: "100",
      BENCH_CHAIN_BATCH_SIZES: "1,32",
      BENCH_CHAIN_CONCURRENCY: "8",
      BENCH_CHAIN_ROUNDS: "1",
    });
    expect(out).toMatch(/BATCH_MAX=32 +posted/);
    expect(out).toMatch(/one agent's log costs/);
  }, 240_000);

  it("bench:cluster", async () => {
    const out = await runBench("cluster.js", {
      BENCH_CLUSTER_CONTEXTS: "200",
      BENCH_CLUSTER_ROUNDS: "1",
      BENCH_BATCH_CONNECTIONS: "2",
    });
    expect(out).toMatch(/\| Redis Cluster, 3 masters \| \d+ contexts\/s/);
    expect(out).toMatch(/CROSSSLOT errors on the cluster: 0; duplicate deliveries: 0/);
    expect(out).toMatch(/cluster\/one = [\d.]+/);
  }, 240_000);

  it("bench:webhooks", async () => {
    const out = await runBench("webhooks.js", { BENCH_WEBHOOK_EVENTS: "200" });
    expect(out).toMatch(/\(d\) floor/);
    expect(out).toMatch(/b\/a = [\d.]+/);
  }, 240_000);

  it("bench:otel", async () => {
    const out = await runBench("otel.js", {
      BENCH_DURATION_SECONDS: "1",
      BENCH_CONNECTIONS: "2",
      BENCH_OTEL_PAYLOADS: "3",
    });
    expect(out).toMatch(/\(o\) POST \/v1\/otel\/v1\/traces, 512-span protobuf payloads \| \d+/);
    expect(out).toMatch(/\(o\)\/\(c\) = [\d.]+/);
  }, 240_000);

  it("bench:retention", async () => {
    const out = await runBench("retention.js", {
      BENCH_RETENTION_ROWS: "500",
      BENCH_RETENTION_BATCH_SIZE: "100",
    });
    expect(out).toMatch(
      /\| \(p\) drop the day's partitions \(tables locked [\d,]+ ms of it\) \| [\d,]+ ms \|/,
    );
    expect(out).toMatch(/WAL \(r\)\/\(p\) = /);
  }, 240_000);

  it("bench:partitions-upgrade", async () => {
    const out = await runBench("partitions-upgrade.js", { BENCH_UPGRADE_EVENTS: "500" });
    expect(out).toMatch(/500 events, deliveries and attempts into \d+ partitions of each table: [\d,]+ ms/);
  }, 240_000);

  it("bench:storage", async () => {
    const out = await runBench("storage.js", {
      BENCH_STORAGE_CONTEXTS: "200",
      // one payload, one stack: the incompressible run is the same code on other bytes
      BENCH_STORAGE_PAYLOADS: "corpus",
    });
    expect(out).toMatch(/200 contexts confirmed and 800 deliveries succeeded \(800 requests received\)/);
    expect(out).toMatch(/\| \*\*total\*\* \| \*\*\d+\*\* \| \d+ \| \d+ \|/);
    expect(out).toMatch(/\| contexts \| heap \| \d+ \| \d+ \|/);
  }, 240_000);

  it("bench:audit", async () => {
    const out = await runBench("audit.js", { BENCH_AUDIT_ENTRIES: "300", BENCH_AUDIT_BATCH_MAX: "100" });
    expect(out).toMatch(/audit of all 300: 300 entries/);
  }, 240_000);
});
