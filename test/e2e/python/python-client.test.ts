// End to end for the Python client (clients/python): the real API (its test harness: a fresh
// PostgreSQL database and Redis prefix) listening on loopback, a real anvil with the registry, the
// real webhook-worker runtime, and pytest (Debian's /usr/bin/python3) driving the Python client
// against them. pytest reaches what only the server side can do (make a tenant, anchor a batch as
// the chain worker does, count or tamper rows) through a small control server on loopback.
// pytest runs on the installed wheel (clients/python/dist/*.whl, which .ci/run builds; built here when
// missing) in a fresh venv, so `import ctxlog` is the package users get, not clients/python/src.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { decodeCanonical, encodeCanonical } from "@ctxlog/core";
import { failAnchor } from "@ctxlog/db";
import { claimTestBatch } from "@ctxlog/db/testing";
import { type ChainFixture, startChainFixture } from "../../../apps/api/src/testing/chain-fixture";
import { createTestHarness, type TestHarness } from "../../../apps/api/src/testing/harness";
import { createLogger } from "../../../apps/webhook-worker/src/logger";
import { workerEnv } from "../../../apps/webhook-worker/src/testing/harness";
import { createWorkerRuntime, type WorkerRuntime } from "../../../apps/webhook-worker/src/wiring";

const ROOT = path.join(__dirname, "../../..");
// Debian's interpreter, which sees the Debian packages .ci/run installs (another python3 may come first on PATH)
const SYSTEM_PYTHON = "/usr/bin/python3";
const CLIENT = path.join(ROOT, "clients/python");
// --system-site-packages: Debian's httpx, pycryptodome, pytest… (PyPI is not reachable from CI)
const venvDir = mkdtempSync(path.join(tmpdir(), "ctxlog-py-"));
const PYTHON = path.join(venvDir, "bin/python");

/** The newest modification time of the files under `dir`. */
const newest = (dir: string): number =>
  Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile())
      .map((e) => statSync(path.join(e.parentPath, e.name)).mtimeMs),
  );

/**
 * The wheel .ci/run builds, installed into a fresh venv; built here (by the same command) when it is
 * missing or older than a file of src/, so a developer never tests a stale one.
 */
function installWheel(): string {
  const dist = path.join(CLIENT, "dist");
  const wheelIn = () => (existsSync(dist) ? readdirSync(dist).filter((f) => f.endsWith(".whl")) : []);
  const built = wheelIn();
  const stale =
    built.length !== 1 ||
    statSync(path.join(dist, built[0] as string)).mtimeMs < newest(path.join(CLIENT, "src"));
  if (stale) {
    rmSync(dist, { recursive: true, force: true });
    execFileSync(
      SYSTEM_PYTHON,
      ["-m", "build", "--wheel", "--no-isolation", "--skip-dependency-check", "--outdir", "dist"],
      { cwd: CLIENT, stdio: "pipe" },
    );
  }
  const [wheel, ...more] = wheelIn();
  if (!wheel || more.length > 0)
    throw new Error(`expected one wheel in ${dist}, found ${wheelIn().join(", ")}`);
  execFileSync(SYSTEM_PYTHON, ["-m", "venv", "--system-site-packages", venvDir], { stdio: "pipe" });
  execFileSync(PYTHON, ["-m", "pip", "install", "--no-deps", "--no-index", "-q", path.join(dist, wheel)], {
    stdio: "pipe",
  });
  return wheel;
}

let chain: ChainFixture;
let h: TestHarness;
let worker: WorkerRuntime;
let api: Server;
let control: Server;

const listen = async (server: Server) => {
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** What pytest may ask of the server side, one JSON POST each. */
async function handle(route: string, body: Record<string, unknown>): Promise<unknown> {
  switch (route) {
    case "/tenant": {
      const t = await h.tenant({ plan: body.plan as string | undefined });
      return { user_id: t.userId, keys: t.keys };
    }
    case "/anchor": {
      // tree_head: anchored as the chain worker anchors since issue 43, by the transparency log's
      // tree head; else by a batch's own tree, as anchors were before (what bundle version 3 shows)
      const batch = await chain.anchorContexts(h.db, body.context_ids as string[], {
        confirm: body.confirm !== false,
        batchTree: body.tree_head !== true,
      });
      return { transaction_hash: batch.transactionHash, block_number: Number(batch.blockNumber) };
    }
    case "/fail": {
      // the chain worker's failure, written with its own repository functions (not retryable)
      const signerAddress = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"; // no transaction is sent
      const target = {
        signerAddress,
        chainId: chain.chainId,
        network: "anvil",
        registryAddress: chain.registry,
      };
      const batch = await claimTestBatch(h.db, target, body.context_ids as string[]);
      await failAnchor(h.db, batch?.anchorId as string, {
        reason: "reverted",
        message: "reverted for the test",
        details: "",
        retryPossible: false,
      });
      return {};
    }
    case "/count":
      return { count: await h.db.context.count({ where: { agentId: body.agent_id as string } }) };
    case "/set-canonical-json": {
      // the stored canonical JSON, which the export writes as each entry's context
      const row = await h.db.context.findFirstOrThrow({
        where: { agentId: body.agent_id as string, sequence: body.sequence as number },
      });
      await h.db.context.update({
        where: { id: row.id },
        data: { canonicalData: encodeCanonical(body.canonical_json as string) },
      });
      return { previous: row.canonicalData && decodeCanonical(row.canonicalData) };
    }
    case "/mine":
      await chain.rpc("anvil_mine", [`0x${Number(body.blocks ?? 1).toString(16)}`]);
      return {};
    default:
      throw new Error(`no control route ${route}`);
  }
}

beforeAll(async () => {
  installWheel();
  chain = await startChainFixture({ confirmations: 3 });
  h = await createTestHarness({
    ...chain.env,
    // "tiny": 2 requests per 2-second window, to meet a real 429
    PLAN_RATE_LIMITS: "free:100000,tiny:2",
    RATE_LIMIT_WINDOW_SECONDS: "2",
    WEBHOOK_ALLOW_PRIVATE_URLS: "true",
    WEBHOOK_ALLOW_INSECURE_URLS: "true",
  });
  worker = createWorkerRuntime(workerEnv(h.env.DATABASE_URL, h.prefix), createLogger("silent"));
  await worker.start();
  api = h.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => api.once("listening", resolve));
  control = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk) => {
      text += chunk;
    });
    req.on("end", () => {
      handle(req.url ?? "", text ? JSON.parse(text) : {}).then(
        (answer) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer)),
        (error: Error) => res.writeHead(500).end(error.message),
      );
    });
  });
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => api?.close(resolve));
  await new Promise((resolve) => control?.close(resolve));
  await worker?.stop();
  await h?.close();
  await chain?.stop();
  rmSync(venvDir, { recursive: true, force: true });
});

/** Runs Debian's python3 with the stack described in CTXLOG_E2E; resolves with its exit code and output. */
async function python(args: string[], env: Record<string, string> = {}) {
  const stack = {
    base_url: `http://127.0.0.1:${(api.address() as AddressInfo).port}/v1`,
    rpc_url: chain.rpcUrl,
    control_url: control.listening
      ? `http://127.0.0.1:${(control.address() as AddressInfo).port}`
      : await listen(control),
    registry_address: chain.registry,
    confirmations: chain.confirmations,
  };
  const child = spawn(PYTHON, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      CTXLOG_E2E: JSON.stringify(stack),
      CTXLOG_TEST_INSTALLED: "1", // conftest.py and bench.py leave src/ off sys.path
      PYTHONDONTWRITEBYTECODE: "1",
    },
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { code, output };
}

it("imports ctxlog from the wheel installed in the venv, not from src/", async () => {
  const { code, output } = await python(["-c", "import ctxlog; print(ctxlog.__file__)"]);
  expect(code).toBe(0);
  const file = output.trim();
  expect(file.startsWith(path.join(venvDir, "lib"))).toBe(true);
  expect(file).toMatch(/\/site-packages\/ctxlog\/__init__\.py$/);
});

it("pytest: the Python client against the real API, anvil and webhook worker", async () => {
  const { code, output } = await python([
    "-m",
    "pytest",
    "clients/python/tests",
    "-q",
    "-p",
    "no:cacheprovider",
  ]);
  if (code !== 0) process.stderr.write(output);
  expect(output).not.toMatch(/\bskipped\b/); // every stack test ran
  expect(code).toBe(0);
}, 300_000);

// At a tiny size here, so the bench cannot rot; CTXLOG_PYTHON_BENCH_ENTRIES=5000 for docs/performance.md's figures.
it("bench: verify_proof and audit_agent run to their figures", async () => {
  const { code, output } = await python(["clients/python/bench/bench.py"], {
    BENCH_ENTRIES: process.env.CTXLOG_PYTHON_BENCH_ENTRIES ?? "40",
    BENCH_VERIFIES: process.env.CTXLOG_PYTHON_BENCH_VERIFIES ?? "20",
  });
  process.stdout.write(output);
  expect(code).toBe(0);
  expect(output).toMatch(/verify_proof \[libsecp256k1\]: p50 [\d.]+ ms/);
  expect(output).toMatch(/audit_agent \[libsecp256k1\]: \d+ entries/);
}, 600_000);
