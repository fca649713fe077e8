// Issue 22, test 1: `npm start` twice with one database, as a newcomer does: start, post,
// confirmed; Ctrl-C; start again; post → confirmed within 30 s. Before the fix the second chain
// was a new anvil (nonce 0 again) under a database that had used nonce 0, and every new context
// stayed pending. Runs scripts/start.js (what `npm start` runs after its build) on free ports,
// with its own database, Redis prefix and chain-state folder; `npm run build` comes first.
// Also: a lost chain state under an anchored database is said in one line naming `npm run reset`.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort, waitFor } from "@ctxlog/core/testing";
import { createTestDatabase, type TestDatabase } from "@ctxlog/db/testing";
import { deleteRedisPrefix, TEST_REDIS_URL } from "@ctxlog/jobs/testing";

const ROOT = path.resolve(__dirname, "../../..");
// Each stage has its own bound and says which stage ran out: a start 60 s, a confirmation 30 s, a
// stop 60 s. Jest's is the backstop above their sum (two of each, and a key), so a slow machine
// reports the slow stage, not a bare timeout (a loaded CI run once spent 180 s in this test).
jest.setTimeout(420_000);
const STOP_MS = 60_000;

describe("npm start twice with one database (real anvil, PostgreSQL, Redis, the built apps)", () => {
  let database: TestDatabase;
  let chainDir: string;
  let env: Record<string, string>;
  const prefix = `ctxlog-devstack-${randomBytes(4).toString("hex")}`;

  beforeAll(async () => {
    if (!existsSync(path.join(ROOT, "apps/api/dist/main.js")))
      throw new Error("run `npm run build` first: scripts/start.js runs the built apps");
    database = await createTestDatabase("ctxlog_devstack");
    chainDir = mkdtempSync(path.join(tmpdir(), "ctxlog-dev-chain-"));
    env = {
      ...(process.env as Record<string, string>),
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      DEV_CHAIN_DIR: chainDir,
      PORT: String(await freePort()),
      OPS_PORT: String(await freePort()),
      ANVIL_PORT: String(await freePort()),
      CHAIN_WORKER_METRICS_PORT: String(await freePort()),
      WEBHOOK_WORKER_METRICS_PORT: String(await freePort()),
      LOG_LEVEL: "warn",
    };
    delete env.RPC_URL;
    delete env.REGISTRY_ADDRESS;
    delete env.SMTP_URL;
  });
  afterAll(async () => {
    await deleteRedisPrefix(prefix);
    await database?.drop();
    rmSync(chainDir, { recursive: true, force: true });
  });

  it("start, post, confirmed; stop; start; post → confirmed within 30 s", async () => {
    let stack = await startStack();
    try {
      const key = await createKey();
      expect(await postAndConfirm(key, 30_000)).toBe("confirmed");
      await stack.stop();
      stack = await startStack();
      expect(await postAndConfirm(key, 30_000)).toBe("confirmed");
      expect(stack.output()).toContain("(resumed;"); // the same chain, kept in DEV_CHAIN_DIR
      // no SMTP_URL in development: invitation mails are printed in this output (docs/accounts.md)
      expect(stack.output()).toContain("SMTP_URL is unset: each invitation mail is printed below");
    } finally {
      await stack.stop();
    }
  });

  it("a lost chain state under an anchored database: one line naming `npm run reset`, and nothing starts", async () => {
    rmSync(chainDir, { recursive: true, force: true });
    const child = spawn(process.execPath, [path.join(ROOT, "scripts/start.js")], { cwd: ROOT, env });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)));
    expect(code).toBe(1);
    const lines = output.split("\n").filter((l) => l.includes("npm run reset"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/local chain's state .* is gone but the database still anchors on chain 31337/);
    expect(output).not.toContain("ctxlog is starting");
  });

  async function startStack() {
    const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, "scripts/start.js")], {
      cwd: ROOT,
      env,
    });
    let output = "";
    child.stdout?.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr?.on("data", (c: Buffer) => (output += c.toString()));
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const stop = async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGINT"); // Ctrl-C
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`start.js still running ${STOP_MS} ms after Ctrl-C:\n${output}`)),
          STOP_MS,
        );
      });
      try {
        await Promise.race([exited, late]);
      } catch (error) {
        child.kill("SIGKILL");
        throw error;
      } finally {
        clearTimeout(timer);
      }
    };
    try {
      await waitFor(
        async () => {
          if (child.exitCode !== null) throw new Error(`start.js exited:\n${output}`);
          const ready = await fetch(`http://127.0.0.1:${env.CHAIN_WORKER_METRICS_PORT}/healthz`).catch(
            () => null,
          );
          const api = await fetch(`http://127.0.0.1:${env.PORT}/healthz`).catch(() => null);
          const webhooks = await fetch(`http://127.0.0.1:${env.WEBHOOK_WORKER_METRICS_PORT}/readyz`).catch(
            () => null,
          );
          return ready?.status === 200 && api?.ok && webhooks?.status === 200;
        },
        { timeout: 60_000, interval: 250, what: () => `the stack ready:\n${output}` },
      );
    } catch (error) {
      await stop();
      throw error;
    }
    return { stop, output: () => output };
  }

  async function createKey(): Promise<string> {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        path.join(ROOT, "apps/cli/dist/main.js"),
        "keys",
        "create",
        "--user",
        "demo",
        "--type",
        "full",
        "--json",
      ],
      { cwd: ROOT, env },
    );
    return (JSON.parse(stdout) as { key: string }).key;
  }

  async function postAndConfirm(key: string, timeoutMs: number): Promise<string> {
    const base = `http://127.0.0.1:${env.PORT}/v1`;
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    const res = await fetch(`${base}/contexts`, {
      method: "POST",
      headers,
      body: JSON.stringify({ agent_id: "newcomer", context_data: { step: Date.now() } }),
    });
    expect(res.status).toBe(202);
    const { context_id } = (await res.json()) as { context_id: string };
    let status = "pending";
    await waitFor(
      async () => {
        const got = await fetch(`${base}/contexts/${context_id}`, { headers });
        status = ((await got.json()) as { status: string }).status;
        return status !== "pending";
      },
      { timeout: timeoutMs, interval: 250, what: () => `context ${context_id} out of pending (${status})` },
    );
    return status;
  }
});
