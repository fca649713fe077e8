// Integration: the built API (dist/main.js) as a process of its own, on real PostgreSQL, Redis and
// anvil, as export-memory.test.ts measures exports: its resident set (VmRSS, sampled every 20 ms)
// while two evidence packs of one agent's ~32 MB log (2,000 entries of 16 KiB, anchored in four
// transactions) are streamed at once and read as fast as loopback allows. Each pack is whole (the
// SDK's verifyPack verifies it); the test process's own memory is not counted.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { freePort, waitFor } from "@ctxlog/core/testing";
import { createApiKey } from "@ctxlog/db";
import { createTestDatabase, TEST_SECRETS_ENV } from "@ctxlog/db/testing";
import { deleteRedisPrefix, TEST_REDIS_URL } from "@ctxlog/jobs/testing";
import { readPackZip, verifyPack } from "@ctxlog/sdk";
import { type ChainFixture, startChainFixture } from "../../testing/chain-fixture";
import { TEST_ATTESTATION_KEY } from "../../testing/harness";

const appDir = path.resolve(__dirname, "../../..");
const main = path.join(appDir, "dist", "main.js");
const MiB = 1024 * 1024;
const ENTRIES = 2_000;
const ENTRY_KIB = 16;
const PER_BATCH = 250; // 4 MB a request, under the batch body's 5 MiB

const rssOf = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match?.[1] ?? 0) * 1024;
};

describe("two concurrent evidence packs of a 32 MB log (the built API in its own process)", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let chain: ChainFixture;
  let api: ChildProcess;
  let port: number;
  let key: string;
  let period: { from: string; to: string };
  const prefix = `ctxlog-test-${randomBytes(6).toString("hex")}`;

  beforeAll(async () => {
    if (!existsSync(main)) {
      // CI builds before testing; a bare `npx jest` on a fresh clone builds the API here.
      execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-b", appDir], {
        stdio: "inherit",
      });
    }
    chain = await startChainFixture({ confirmations: 3 });
    database = await createTestDatabase("ctxlog_api_evidence_memory");
    key = (await createApiKey(database.db, { userId: "usr-evidence", type: "full" })).key;
    port = await freePort();
    api = spawn(process.execPath, [main], {
      env: {
        ...process.env,
        ...chain.env,
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
    const ids: string[] = [];
    for (let i = 0; i < ENTRIES; i += PER_BATCH) {
      const res = await fetch(`http://127.0.0.1:${port}/v1/contexts/batch`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({
          contexts: Array.from({ length: PER_BATCH }, (_, j) => ({
            agent_id: "big",
            context_data: { i: i + j, blob },
          })),
        }),
      });
      expect(res.status).toBe(202);
      ids.push(...((await res.json()) as { data: { context_id: string }[] }).data.map((c) => c.context_id));
    }
    for (let i = 0; i < ENTRIES; i += ENTRIES / 4)
      await chain.anchorContexts(database.db, ids.slice(i, i + ENTRIES / 4));
    const now = Date.now();
    period = { from: new Date(now - 3_600_000).toISOString(), to: new Date(now + 60_000).toISOString() };
  }, 300_000);

  afterAll(async () => {
    if (api && api.exitCode === null && api.signalCode === null) api.kill("SIGKILL");
    await deleteRedisPrefix(prefix);
    await database?.drop();
    await chain?.stop();
  });

  /** One pack read to its end: its status and bytes (kept: the test verifies them). */
  const packOnce = () =>
    new Promise<{ status: number; zip: Buffer }>((resolve, reject) => {
      const query = new URLSearchParams(period).toString();
      http
        .get(
          {
            port,
            host: "127.0.0.1",
            path: `/v1/agents/big/evidence?${query}`,
            headers: { authorization: `Bearer ${key}` },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, zip: Buffer.concat(chunks) }));
            res.on("error", reject);
          },
        )
        .on("error", reject);
    });

  it("grow the API's resident memory by at most 64 MiB, and each pack verifies", async () => {
    const pid = api.pid as number;
    const warm = await packOnce(); // code paths loaded and compiled before the baseline
    expect(warm.status).toBe(200);
    const result = await verifyPack(readPackZip(new Uint8Array(warm.zip)));
    expect([result.verdict, result.entries, result.failure]).toEqual(["verified", ENTRIES, null]);
    await new Promise((r) => setTimeout(r, 1_000)); // the warm-up's garbage, collected if V8 will
    const baseline = rssOf(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 20);
    const results = await Promise.all([packOnce(), packOnce()]);
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(pid));
    const grewMiB = (peak - baseline) / MiB;
    const files = readPackZip(new Uint8Array(warm.zip));
    const entriesMiB = (files.get("entries.ndjson")?.length ?? 0) / MiB;
    console.log(
      `evidence RSS: baseline ${(baseline / MiB).toFixed(0)} MiB, peak ${(peak / MiB).toFixed(0)} MiB, grew ${grewMiB.toFixed(1)} MiB; ` +
        `2 packs of ${ENTRIES} entries (entries.ndjson ${entriesMiB.toFixed(1)} MiB, zip ${(warm.zip.length / MiB).toFixed(1)} MiB)`,
    );
    for (const r of results) {
      expect(r.status).toBe(200);
      expect((await verifyPack(readPackZip(new Uint8Array(r.zip)))).verdict).toBe("verified");
    }
    // two packs' entries alone are ~4 × 32 MB of lines: holding them would pass the bound
    expect(entriesMiB * 2).toBeGreaterThan(64 * 2);
    expect(grewMiB).toBeLessThanOrEqual(64);
  }, 300_000);
});
