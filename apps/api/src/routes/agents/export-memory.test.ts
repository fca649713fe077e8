// Integration: the built API (dist/main.js) as a process of its own, on real PostgreSQL and Redis
// (own database and prefix). What is measured is that process's resident set (VmRSS in
// /proc/<pid>/status, sampled every 20 ms) while six exports of one user's ~25 MB log are asked for
// at once and read as fast as loopback allows; the test process's own memory (it reads and drops
// the bytes) is not counted. With the default limits two run and four are refused; the growth is
// mostly garbage (each entry's large strings) that V8 reclaims only at its next major GC.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { freePort, waitFor } from "@ctxlog/core/testing";
import { createApiKey } from "@ctxlog/db";
import { createTestDatabase, TEST_SECRETS_ENV } from "@ctxlog/db/testing";
import { deleteRedisPrefix, TEST_REDIS_URL } from "@ctxlog/jobs/testing";
import { TEST_ATTESTATION_KEY } from "../../testing/harness";

const appDir = path.resolve(__dirname, "../../..");
const main = path.join(appDir, "dist", "main.js");
const MiB = 1024 * 1024;
const ENTRIES = 100;
const ENTRY_KIB = 250; // 100 × 250 KiB ≈ 25 MB of context data

const rssOf = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match?.[1] ?? 0) * 1024;
};

describe("six concurrent exports of a 25 MB log (the built API in its own process)", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: ChildProcess;
  let port: number;
  let key: string;
  const prefix = `ctxlog-test-${randomBytes(6).toString("hex")}`;

  beforeAll(async () => {
    if (!existsSync(main)) {
      // CI builds before testing; a bare `npx jest` on a fresh clone builds the API here.
      execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-b", appDir], {
        stdio: "inherit",
      });
    }
    database = await createTestDatabase("ctxlog_api_export_memory");
    key = (await createApiKey(database.db, { userId: "usr-export", type: "full" })).key;
    port = await freePort();
    api = spawn(process.execPath, [main], {
      env: {
        ...process.env,
        PORT: String(port),
        OPS_PORT: String(await freePort()),
        DATABASE_URL: database.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: prefix,
        ATTESTATION_PRIVATE_KEY: TEST_ATTESTATION_KEY,
        CTXLOG_DEV_MODE: "true",
        ...TEST_SECRETS_ENV,
        LOG_LEVEL: "warn",
        PLAN_RATE_LIMITS: "free:100000",
        // the defaults: EXPORT_MAX_PER_USER 2, EXPORT_MAX_PER_PROCESS 4 (EXPORT_LIMITS_RAISED runs
        // all six at once, to measure the byte-bounded pages alone)
        ...(process.env.EXPORT_LIMITS_RAISED
          ? { EXPORT_MAX_PER_USER: "6", EXPORT_MAX_PER_PROCESS: "6" }
          : {}),
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    await waitFor(
      () =>
        fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 15_000, what: "the API to answer" },
    );
    const blob = "x".repeat(ENTRY_KIB * 1024);
    for (let i = 0; i < ENTRIES; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/v1/contexts`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ agent_id: "big", context_data: { i, blob } }),
      });
      expect(res.status).toBe(202);
    }
  }, 300_000);

  afterAll(async () => {
    if (api && api.exitCode === null && api.signalCode === null) api.kill("SIGKILL");
    await deleteRedisPrefix(prefix);
    await database?.drop();
  });

  /** One export read to its end and dropped: its lines and bytes. */
  const exportOnce = () =>
    new Promise<{ status: number; lines: number; bytes: number }>((resolve, reject) => {
      http
        .get(
          {
            port,
            host: "127.0.0.1",
            path: "/v1/agents/big/export",
            headers: { authorization: `Bearer ${key}` },
          },
          (res) => {
            let lines = 0;
            let bytes = 0;
            res.on("data", (chunk: Buffer) => {
              bytes += chunk.length;
              for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
            });
            res.on("end", () => resolve({ status: res.statusCode ?? 0, lines, bytes }));
            res.on("error", reject);
          },
        )
        .on("error", reject);
    });

  it("grow the API's resident memory by at most 64 MiB", async () => {
    const pid = api.pid as number;
    const warm = await exportOnce(); // code paths loaded and compiled before the baseline
    expect(warm).toMatchObject({ status: 200, lines: ENTRIES });
    expect(warm.bytes).toBeGreaterThan(ENTRIES * ENTRY_KIB * 1024);
    // leave the warm-up's garbage out of the baseline as far as V8 lets us: let its GC run
    await new Promise((r) => setTimeout(r, 1_000));
    const baseline = rssOf(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 20);
    const results = await Promise.all(Array.from({ length: 6 }, exportOnce));
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(pid));
    const grewMiB = (peak - baseline) / MiB;
    const served = results.filter((r) => r.status === 200);
    console.log(
      `export RSS: baseline ${(baseline / MiB).toFixed(0)} MiB, peak ${(peak / MiB).toFixed(0)} MiB, grew ${grewMiB.toFixed(1)} MiB; ` +
        `${served.length} × ${(warm.bytes / MiB).toFixed(1)} MiB sent, ${6 - served.length} refused`,
    );
    for (const r of served) expect(r.lines).toBe(ENTRIES);
    // the rest were refused at once (429 RATE_LIMIT_EXCEEDED: at most 2 exports of a user at once)
    expect(results.filter((r) => r.status === 429)).toHaveLength(6 - served.length);
    if (!process.env.EXPORT_LIMITS_RAISED) expect(served).toHaveLength(2);
    expect(grewMiB).toBeLessThanOrEqual(64);
  }, 300_000); // generous: 2 × 50 MB through a loaded 2-core machine
});
