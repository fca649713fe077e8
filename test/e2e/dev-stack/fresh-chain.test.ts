// `npm start` on a fresh local chain: the registry's deployment is no transaction of the anchor key,
// so the chain worker, which owns every nonce of that key, finds nothing to correct. Before the fix
// the deployment was the anchor key's first transaction, and every fresh start warned "anchor key
// used elsewhere: the chain's nonce is 1, above the worker's 0". Runs scripts/start.js (the built
// apps; `npm run build` comes first) on free ports, with its own database, Redis prefix and chain
// folder, and the anchor key .env.example gives.
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
jest.setTimeout(180_000);

describe("npm start on a fresh chain (real anvil, PostgreSQL, Redis, the built apps)", () => {
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
      LOG_LEVEL: "info",
    };
    for (const name of ["RPC_URL", "REGISTRY_ADDRESS", "SIGNER_PRIVATE_KEY", "ATTESTATION_PRIVATE_KEY"])
      delete env[name];
  });
  afterAll(async () => {
    await deleteRedisPrefix(prefix);
    await database?.drop();
    rmSync(chainDir, { recursive: true, force: true });
  });

  it("anchors a context with no nonce correction of the anchor key", async () => {
    const stack = await startStack();
    try {
      expect(await postAndConfirm(await createKey())).toBe("confirmed");
      // the console's agent Audit runs in the browser against the same local chain
      const config = await fetch(`http://127.0.0.1:${env.PORT}/dashboard/config.json`);
      const { chain_rpc_url } = (await config.json()) as { chain_rpc_url: string | null };
      expect(chain_rpc_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
      const head = await fetch(chain_rpc_url as string, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }),
      });
      expect(((await head.json()) as { result: string }).result).toMatch(/^0x[0-9a-f]+$/);
    } finally {
      await stack.stop();
    }
    expect(stack.output()).toContain("new chain");
    expect(stack.output()).toContain('"msg":"anchor confirmed"');
    expect(stack.output()).not.toMatch(/anchor key used elsewhere|anchor key nonce gap/);
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
      await exited;
    };
    try {
      await waitFor(
        async () => {
          if (child.exitCode !== null) throw new Error(`start.js exited:\n${output}`);
          const chain = await fetch(`http://127.0.0.1:${env.CHAIN_WORKER_METRICS_PORT}/healthz`).catch(
            () => null,
          );
          const api = await fetch(`http://127.0.0.1:${env.PORT}/healthz`).catch(() => null);
          return chain?.status === 200 && api?.ok;
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

  async function postAndConfirm(key: string): Promise<string> {
    const base = `http://127.0.0.1:${env.PORT}/v1`;
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    const res = await fetch(`${base}/contexts`, {
      method: "POST",
      headers,
      body: JSON.stringify({ agent_id: "newcomer", context_data: { step: 1 } }),
    });
    expect(res.status).toBe(202);
    const { context_id } = (await res.json()) as { context_id: string };
    let status = "pending";
    await waitFor(
      async () => {
        const got = await fetch(`${base}/contexts/${context_id}`, { headers });
        status = ((await got.json()) as { status: string }).status;
        return status === "confirmed";
      },
      { timeout: 60_000, interval: 250, what: () => `context ${context_id} confirmed (${status})` },
    );
    return status;
  }
});
