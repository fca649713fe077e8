// The transparency log on the real stack (API, chain worker on anvil, webhook worker): contexts
// logged through the API are sequenced into the log within a checkpoint or two, and what the API
// serves — the key, the checkpoint, the tiles — is read over HTTP by Go's sumdb/note and
// sumdb/tlog (test/e2e/tlog/go, its `http` mode): the checkpoints open with the published key,
// each context's entry hash is proven included, and two checkpoints are proven consistent.
import { execFile, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AnvilInstance } from "@ctxlog/contracts/anvil";
import { entryHash, parseCheckpoint, parseSignedNote } from "@ctxlog/core";
import { waitFor } from "@ctxlog/core/testing";
import { createApiKey } from "@ctxlog/db";
import { createTestDatabase, type TestDatabase } from "@ctxlog/db/testing";
import { deleteRedisPrefix, TEST_REDIS_URL } from "@ctxlog/jobs/testing";
import { callApi, type RunningApps, startApps, startChain } from "../ops/stack";

const ROOT = path.join(__dirname, "..", "..", "..");
const GOPATH = "/usr/share/gocode";
/** the chain worker's origin in development (TLOG_ORIGIN's default, the development key's name) */
const ORIGIN = "localhost/ctxlog-dev-tlog";

const hasGo = spawnSync("go", ["version"], { encoding: "utf8" }).status === 0;
if (!hasGo && !process.env.CI) {
  console.warn(
    "\n\n*** SKIPPING the Go check of the served transparency log: `go` is not installed. ***\n" +
      "*** Install it with `apt-get install -y golang-go golang-golang-x-mod-dev` (CI installs them). ***\n\n",
  );
}
const withGo = hasGo || process.env.CI ? it : it.skip;

let anvil: AnvilInstance;
let database: TestDatabase;
let apps: RunningApps;
let work = "";
const prefix = `ctxlog-test-${randomBytes(6).toString("hex")}`;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "ctxlog-tlog-served-"));
  const chain = await startChain();
  anvil = chain.anvil;
  database = await createTestDatabase("ctxlog_tlog_served_test");
  apps = await startApps({
    databaseUrl: database.url,
    redisUrl: TEST_REDIS_URL,
    redisPrefix: prefix,
    rpcUrl: anvil.rpcUrl,
    chainId: anvil.chainId,
    registryAddress: chain.registryAddress,
  });
}, 60_000);

afterAll(async () => {
  await apps?.stop();
  await deleteRedisPrefix(prefix);
  await database?.drop();
  await anvil?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

type Receipt = {
  context_hash: string;
  user_id: string;
  agent_id: string;
  sequence: number;
  prev_entry_hash: string;
};

/** Logs `count` contexts in one batch; returns their entry hashes, computed from their receipts. */
async function logContexts(key: string, count: number, agent: string): Promise<string[]> {
  const res = await callApi(apps, key, "POST", "/v1/contexts/batch", {
    contexts: Array.from({ length: count }, (_, n) => ({ agent_id: agent, context_data: { n, agent } })),
  });
  expect(res.status).toBe(202);
  return (res.body.data as { receipt: Receipt }[]).map(({ receipt: r }) =>
    entryHash({
      contextHash: r.context_hash,
      userId: r.user_id,
      agentId: r.agent_id,
      sequence: r.sequence,
      prevEntryHash: r.prev_entry_hash,
    }),
  );
}

/**
 * Runs the Go checker without blocking: the API answering it runs in this process (spawnSync
 * would stop its event loop, and the checker would wait on it forever).
 */
function runChecker(
  binary: string,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(binary, args, { encoding: "utf8", timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** The served checkpoint once its tree has at least `size` leaves. */
async function checkpointCovering(size: number): Promise<{ note: string; size: number }> {
  return waitFor(
    async () => {
      const res = await fetch(`${apps.apiUrl}/v1/tlog/checkpoint`);
      if (res.status !== 200) return false;
      const note = await res.text();
      const checkpoint = parseCheckpoint(parseSignedNote(note).text);
      return checkpoint.size >= size ? { note, size: checkpoint.size } : false;
    },
    { timeout: 15_000, interval: 100, what: `a checkpoint covering ${size} entries` },
  );
}

describe("the transparency log, served", () => {
  withGo(
    "Go's sumdb opens the checkpoints with the published key and proves inclusion and consistency from the tiles",
    async () => {
      const { key } = await createApiKey(database.db, { userId: "tlog-served", type: "full" });
      // past one full tile (256 leaves), so full and partial tiles and two tile levels are read
      const first = [
        ...(await logContexts(key, 200, "agent-a")),
        ...(await logContexts(key, 100, "agent-b")),
      ];
      const older = await checkpointCovering(first.length);
      const second = await logContexts(key, 30, "agent-a");
      const latest = await checkpointCovering(older.size + second.length);
      expect(latest.size).toBe(first.length + second.length);

      const keyRes = await fetch(`${apps.apiUrl}/v1/tlog/key`);
      expect(keyRes.status).toBe(200);
      expect((await keyRes.text()).startsWith(`${ORIGIN}+`)).toBe(true);

      const binary = path.join(work, "tlogcheck");
      const build = spawnSync("go", ["build", "-o", binary, "./test/e2e/tlog/go"], {
        cwd: ROOT,
        encoding: "utf8",
        env: {
          ...process.env,
          GO111MODULE: "off",
          GOPATH,
          GOFLAGS: "",
          GOCACHE: path.join(tmpdir(), "ctxlog-go-build-cache"),
        },
      });
      expect(build.stderr).toBe("");
      const input = path.join(work, "input.json");
      writeFileSync(
        input,
        JSON.stringify({ origin: ORIGIN, old_checkpoint: older.note, entry_hashes: [...first, ...second] }),
      );
      const run = await runChecker(binary, ["http", `${apps.apiUrl}/v1/tlog/`, input]);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`ok inclusion: ${first.length + second.length} entries proven`);
      expect(run.stdout).toContain(`ok consistency: ${older.size} -> ${latest.size}`);

      // a note the log did not sign is refused by the same program
      const forged = older.note.replace(/\n(\d+)\n/, (_, n: string) => `\n${Number(n) + 1}\n`);
      writeFileSync(input, JSON.stringify({ origin: ORIGIN, old_checkpoint: forged, entry_hashes: [] }));
      const refused = await runChecker(binary, ["http", `${apps.apiUrl}/v1/tlog/`, input]);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toMatch(/note.Open/);
    },
    120_000,
  );
});
