// The real stack for the dashboard's browser tests: anvil with the registry, a fresh database and
// Redis prefix, and the BUILT apps as processes (the API serves apps/dashboard/dist at /dashboard),
// on free ports. `close()` removes all of it. The apps run from dist because the dashboard is only
// served from its build: `npm run build` comes first (CI runs it before the tests).
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { deployRegistry } from "@ctxlog/contracts";
import { ANVIL_DEV_KEYS, type AnvilInstance, startAnvil } from "@ctxlog/contracts/anvil";
import { freePort, waitFor } from "@ctxlog/core/testing";
import { createTestDatabase, TEST_SECRETS_ENV, type TestDatabase } from "@ctxlog/db/testing";
import { deleteRedisPrefix, TEST_REDIS_URL } from "@ctxlog/jobs/testing";
import { type SmtpCapture, startSmtpCapture } from "@ctxlog/mail/testing";

export const ROOT = path.resolve(__dirname, "../../..");
const BUILT = [
  "apps/api/dist/main.js",
  "apps/chain-worker/dist/main.js",
  "apps/webhook-worker/dist/main.js",
  "apps/cli/dist/main.js",
  "apps/dashboard/dist/index.html",
];

/** anvil's first dev account: deploys the registry, signs contexts and sends anchors. */
export const SIGNER_KEY = ANVIL_DEV_KEYS[0];
/** the API's attestation key (contexts and receipts): another account than the gas payer's */
export const ATTESTATION_KEY = ANVIL_DEV_KEYS[1];

export interface DashboardStack {
  /** http://127.0.0.1:<port>, the API's origin (the dashboard is at `${origin}/dashboard/`) */
  origin: string;
  rpcUrl: string;
  database: TestDatabase;
  /** the environment the apps run with (the CLI gets it too) */
  env: Record<string, string>;
  /** the SMTP server (on loopback) the API and the CLI mail invitations and sign-in links to */
  smtp: SmtpCapture;
  /** `node apps/cli/dist/main.js …args` with the stack's env; resolves with stdout */
  cli(...args: string[]): Promise<string>;
  /** the last lines each app printed, for failure messages */
  output(): string;
  close(): Promise<void>;
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
  });
}

export interface ChainWorkerOptions {
  /** the chain worker's RPC_URL from anvil's (e.g. through a stalling proxy); default anvil's own */
  rpcUrl?: (anvilRpcUrl: string) => Promise<string>;
  /** environment for the chain worker only */
  env?: Record<string, string>;
}

export async function startDashboardStack(
  extraEnv: Record<string, string> = {},
  chainWorker: ChainWorkerOptions = {},
): Promise<DashboardStack> {
  const missing = BUILT.filter((f) => !existsSync(path.join(ROOT, f)));
  if (missing.length) {
    throw new Error(
      `The dashboard's browser tests run the built apps: run \`npm run build\` first (missing ${missing.join(", ")})`,
    );
  }
  const cleanups: Array<() => Promise<unknown>> = [];
  const children: Array<{ name: string; child: ChildProcess; log: string[] }> = [];
  const close = async () => {
    for (const c of children.reverse()) await stopProcess(c.child);
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  };
  try {
    const anvil: AnvilInstance = await startAnvil({ blockTimeSeconds: 1 });
    cleanups.push(() => anvil.stop());
    const registry = await deployRegistry({ rpcUrl: anvil.rpcUrl, privateKey: SIGNER_KEY });
    const smtp = await startSmtpCapture();
    cleanups.push(() => smtp.close());
    const database = await createTestDatabase("ctxlog_dash");
    cleanups.push(() => database.drop());
    const prefix = `ctxlog-dash-${randomBytes(4).toString("hex")}`;
    cleanups.push(() => deleteRedisPrefix(prefix));
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      SIGNER_PRIVATE_KEY: SIGNER_KEY,
      ATTESTATION_PRIVATE_KEY: ATTESTATION_KEY,
      // anvil's published keys sign and pay: allowed in development only
      CTXLOG_DEV_MODE: "true",
      ...TEST_SECRETS_ENV,
      RPC_URL: anvil.rpcUrl,
      // the dashboard's Audit runs the SDK in the browser against this RPC
      DASHBOARD_CHAIN_RPC_URL: anvil.rpcUrl,
      CHAIN_ID: String(anvil.chainId),
      REGISTRY_ADDRESS: registry.address,
      CONFIRMATIONS: "2",
      BATCH_WINDOW_MS: "200",
      POLL_INTERVAL_MS: "100",
      LOG_LEVEL: "warn",
      PORT: String(port),
      HOST: "127.0.0.1",
      OPS_PORT: "0",
      PUBLIC_BASE_URL: origin,
      // invitations and sign-in links are mailed, as in production; tests read them from the server
      SMTP_URL: smtp.url,
      MAIL_FROM: "ctxlog <no-reply@ctxlog.test>",
      // the receivers of the tests are on loopback over http
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
      WEBHOOK_ALLOW_INSECURE_URLS: "true",
      WEBHOOK_RETRY_DELAYS_MS: "200,200,200,200",
      WEBHOOK_TIMEOUT_MS: "2000",
      WEBHOOK_FANOUT_POLL_MS: "100",
      ...extraEnv,
    };
    const start = (name: string, main: string, own: Record<string, string> = {}) => {
      const child = spawn(process.execPath, [path.join(ROOT, main)], {
        cwd: ROOT,
        env: { ...process.env, ...env, ...own },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const log: string[] = [];
      const keep = (chunk: Buffer) => {
        log.push(chunk.toString());
        if (log.length > 50) log.shift();
      };
      child.stdout?.on("data", keep);
      child.stderr?.on("data", keep);
      children.push({ name, child, log });
      return child;
    };
    const output = () => children.map((c) => `--- ${c.name}\n${c.log.join("")}`).join("\n");
    const api = start("api", "apps/api/dist/main.js");
    const chainRpc = chainWorker.rpcUrl ? await chainWorker.rpcUrl(anvil.rpcUrl) : anvil.rpcUrl;
    start("chain-worker", "apps/chain-worker/dist/main.js", { ...chainWorker.env, RPC_URL: chainRpc });
    start("webhook-worker", "apps/webhook-worker/dist/main.js");
    await waitFor(
      async () => {
        if (api.exitCode !== null) throw new Error(`the API exited:\n${output()}`);
        return fetch(`${origin}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
      },
      { timeout: 30_000, interval: 100, what: () => `the API on ${origin}\n${output()}` },
    );
    const run = promisify(execFile);
    const cli = async (...args: string[]) =>
      (
        await run(process.execPath, [path.join(ROOT, "apps/cli/dist/main.js"), ...args], {
          cwd: ROOT,
          env: { ...process.env, ...env },
        })
      ).stdout;
    return { origin, rpcUrl: anvil.rpcUrl, database, env, smtp, cli, output, close };
  } catch (error) {
    await close();
    throw error;
  }
}
