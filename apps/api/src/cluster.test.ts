// Integration: the built API (dist/main.js) with API_PROCESSES=2 as a real process tree, on real
// PostgreSQL and Redis (own database and prefix).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { freePort, waitFor } from "@ctxlog/core/testing";
import { createApiKey } from "@ctxlog/db";
import { createTestDatabase, TEST_SECRETS_ENV } from "@ctxlog/db/testing";
import { deleteRedisPrefix, TEST_REDIS_URL } from "@ctxlog/jobs/testing";
import { TEST_ATTESTATION_KEY } from "./testing/harness";

const appDir = path.resolve(__dirname, "..");
const main = path.join(appDir, "dist", "main.js");

/** Live child pids of `pid`, from /proc (Linux). */
function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[1]) === pid && fields[0] !== "Z") children.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return children;
}

/** The pid of every process that wrote an access-log line for `url` (pino's base field `pid`). */
function pidsServing(logLines: string[], url: string): Set<number> {
  const pids = new Set<number>();
  for (const line of logLines) {
    try {
      const entry = JSON.parse(line) as { pid?: number; msg?: string; req?: { url?: string } };
      if (entry.msg === "request completed" && entry.req?.url === url && entry.pid) pids.add(entry.pid);
    } catch {
      // not a log line
    }
  }
  return pids;
}

describe("API_PROCESSES=2: the built API as a supervised cluster (PostgreSQL + Redis)", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let primary: ChildProcess;
  let base: string;
  let ops: string;
  let key: string;
  const logLines: string[] = [];
  const prefix = `ctxlog-test-${randomBytes(6).toString("hex")}`;

  beforeAll(async () => {
    if (!existsSync(main)) {
      // CI builds before testing; a bare `npx jest` on a fresh clone builds the API here.
      execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-b", appDir], {
        stdio: "inherit",
      });
    }
    database = await createTestDatabase("ctxlog_api_cluster");
    key = (await createApiKey(database.db, { userId: "usr-cluster", type: "full" })).key;
    const port = await freePort();
    const opsPort = await freePort();
    base = `http://127.0.0.1:${port}`;
    ops = `http://127.0.0.1:${opsPort}`;
    primary = spawn(process.execPath, [main], {
      env: {
        ...process.env,
        API_PROCESSES: "2",
        PORT: String(port),
        OPS_PORT: String(opsPort),
        DATABASE_URL: database.url,
        DATABASE_POOL_SIZE: "3",
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: prefix,
        ATTESTATION_PRIVATE_KEY: TEST_ATTESTATION_KEY,
        CTXLOG_DEV_MODE: "true",
        ...TEST_SECRETS_ENV,
        // info: the access log says which process served each request
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let partial = "";
    primary.stdout?.on("data", (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split("\n");
      partial = lines.pop() ?? "";
      logLines.push(...lines);
    });
    await waitFor(
      () =>
        fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 15_000, what: "the API to answer" },
    );
  }, 120_000);

  afterAll(async () => {
    if (primary.exitCode === null && primary.signalCode === null) {
      for (const pid of childPids(primary.pid ?? 0)) process.kill(pid, "SIGKILL");
      primary.kill("SIGKILL");
    }
    await deleteRedisPrefix(prefix);
    await database.drop();
  });

  const post = (i: number) =>
    fetch(`${base}/v1/contexts`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ agent_id: "agent-cluster", context_data: { i } }),
    });

  it("runs two API processes that share the port; /metrics on the ops port counts the requests of both", async () => {
    const pids = await waitFor(
      () => {
        const found = childPids(primary.pid ?? 0);
        return found.length === 2 ? found : undefined;
      },
      { timeout: 15_000, what: "two API processes" },
    );
    expect(pids).toHaveLength(2);

    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        post(i).then(async (r) => (r.status === 202 ? 202 : await r.text())),
      ),
    );
    expect(answers).toEqual(Array(60).fill(202));
    expect(await database.db.context.count()).toBe(60);

    const metrics = await (await fetch(`${ops}/metrics`)).text();
    const line = metrics
      .split("\n")
      .find((l) => l.startsWith('http_requests_total{method="POST",route="/v1/contexts",status="202"}'));
    expect(Number(line?.split(" ").pop())).toBe(60);
  }, 60_000);

  // six agent logs, each written by both processes at once
  const spreadAgents = Array.from({ length: 6 }, (_, i) => `agent-spread-${i}`);
  const postFor = (agent: string, i: number) =>
    fetch(`${base}/v1/contexts`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ agent_id: agent, context_data: { i } }),
    });
  /** Each agent's sequences, as stored: 1…n with no gap or repeat when the logs are whole. */
  async function expectWholeLogs() {
    for (const agent of spreadAgents) {
      const rows = await database.db.context.findMany({
        where: { agentId: agent },
        select: { sequence: true },
        orderBy: { sequence: "asc" },
      });
      expect(rows.map((r) => r.sequence)).toEqual(rows.map((_, i) => i + 1));
    }
  }
  it("both processes write the same agent logs, and every log stays whole", async () => {
    expect(spreadAgents).toHaveLength(6);
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        postFor(spreadAgents[i % 6] as string, i).then(async (r) =>
          r.status === 202 ? 202 : await r.text(),
        ),
      ),
    );
    expect(answers).toEqual(Array(120).fill(202));
    await expectWholeLogs();
  }, 60_000);

  it("serves /readyz on the ops port, and neither /readyz nor /metrics on the public one", async () => {
    const ready = await fetch(`${ops}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ok", checks: { postgres: "ok", redis: "ok" } });
    expect((await fetch(`${ops}/healthz`)).status).toBe(200);
    for (const path of ["/metrics", "/readyz"]) expect((await fetch(`${base}${path}`)).status).toBe(404);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it("spreads the requests over both processes: the access log names two pids, both API processes", async () => {
    const pids = childPids(primary.pid ?? 0);
    // Each process buffers its log (4 KiB writes): more requests until both have written some.
    const serving = await waitFor(
      async () => {
        const status = () => fetch(`${base}/v1/status`, { headers: { authorization: `Bearer ${key}` } });
        await Promise.all(Array.from({ length: 20 }, status));
        const found = pidsServing(logLines, "/v1/status");
        return found.size >= 2 ? found : undefined;
      },
      {
        timeout: 30_000,
        what: () => `a second pid in the access log (${[...pidsServing(logLines, "/v1/status")]})`,
      },
    );
    expect([...serving].sort()).toEqual([...pids].sort());
  }, 60_000);

  it("replaces an API process that dies, and keeps serving meanwhile", async () => {
    const [victim] = childPids(primary.pid ?? 0);
    if (victim === undefined) throw new Error("no API process found");
    process.kill(victim, "SIGKILL");
    const replaced = await waitFor(
      () => {
        const found = childPids(primary.pid ?? 0);
        return found.length === 2 && !found.includes(victim) ? found : undefined;
      },
      { timeout: 15_000, what: "a replacement process" },
    );
    expect(replaced).toHaveLength(2);
    await waitFor(
      async () => {
        const results = await Promise.all(Array.from({ length: 10 }, (_, i) => post(100 + i)));
        return results.every((r) => r.status === 202);
      },
      { timeout: 15_000, what: "the replacement to serve" },
    );
    // the logs keep growing, whole
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postFor(spreadAgents[i % 6] as string, 200 + i).then((r) => r.status),
      ),
    );
    expect(answers).toEqual(Array(30).fill(202));
    await expectWholeLogs();
  }, 60_000);

  it("SIGTERM to the primary stops every API process and exits 0", async () => {
    const pids = childPids(primary.pid ?? 0);
    expect(pids.length).toBeGreaterThan(0);
    const exited = new Promise<number | null>((resolve) => primary.once("exit", (code) => resolve(code)));
    primary.kill("SIGTERM");
    expect(await exited).toBe(0);
    for (const pid of pids) expect(existsSync(`/proc/${pid}`)).toBe(false);
  }, 30_000);
});

describe("the built API when it cannot listen (192.0.2.1 is a documentation address, on no host)", () => {
  const start = (processes: string, env: Record<string, string> = {}) =>
    spawn(process.execPath, [main], {
      env: {
        ...process.env,
        API_PROCESSES: processes,
        HOST: "192.0.2.1",
        PORT: "0",
        OPS_PORT: "0",
        DATABASE_URL: "postgresql://root@127.0.0.1:5432/ctxlog_never_used",
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: `ctxlog-test-${randomBytes(6).toString("hex")}`,
        ATTESTATION_PRIVATE_KEY: TEST_ATTESTATION_KEY,
        CTXLOG_DEV_MODE: "true",
        ...TEST_SECRETS_ENV,
        LOG_LEVEL: "silent",
        ...env,
      },
      stdio: "ignore",
    });
  const exitCode = (child: ChildProcess) =>
    new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  it("one process exits 1 instead of running on without a socket", async () => {
    expect(await exitCode(start("1"))).toBe(1);
  }, 30_000);

  it("one process exits 1 when only the ops port cannot be bound", async () => {
    expect(await exitCode(start("1", { HOST: "127.0.0.1", OPS_HOST: "192.0.2.1" }))).toBe(1);
  }, 30_000);

  it("a cluster gives up with exit code 1 instead of restarting its processes forever", async () => {
    expect(await exitCode(start("2"))).toBe(1);
  }, 60_000);
});
