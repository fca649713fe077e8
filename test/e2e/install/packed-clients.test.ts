// The route a user outside this repository has until a registry release exists: `npm run pack`
// builds the SDK's tarball, @ctxlog/tlog's (the SDK depends on it, and it is on no registry yet)
// and the Python wheel into one folder; each client is installed into a new folder outside the
// repository (npm for the SDK, with tlog's tarball beside it; a fresh venv for the wheel, with
// Debian's packages as its dependencies, no package index), and the README's quick start, kept as
// a file (packages/sdk/examples, clients/python/examples), runs against a running API.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createTestHarness, type Tenant, type TestHarness } from "../../../apps/api/src/testing/harness";

const root = path.resolve(__dirname, "../../..");
const PYTHON = process.env.CTXLOG_TEST_PYTHON ?? "/usr/bin/python3";

function run(
  file: string,
  args: string[],
  opts: { cwd: string; env?: Record<string, string> },
): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(
      file,
      args,
      { cwd: opts.cwd, env: { ...process.env, ...opts.env }, timeout: 300_000, maxBuffer: 16 << 20 },
      (err, stdout, stderr) =>
        err
          ? reject(new Error(`${file} ${args.join(" ")}: ${err.message}\n${stdout}\n${stderr}`))
          : resolve(stdout),
    ),
  );
}

let h: TestHarness;
let server: Server;
let baseUrl: string;
let tenant: Tenant;
let work: string;
let packed: string[];

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), "ctxlog-packed-"));
  await run(process.execPath, [path.join(root, "scripts/pack.js"), "--out", path.join(work, "packs")], {
    cwd: root,
    env: { PYTHON },
  });
  packed = readdirSync(path.join(work, "packs")).map((f) => path.join(work, "packs", f));
  h = await createTestHarness();
  server = h.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  tenant = await h.tenant();
}, 300_000);
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await h?.close();
  rmSync(work, { recursive: true, force: true });
});

/** The quick-start block of a README: the first fenced block of `lang` after `heading`. */
function readmeBlock(readme: string, heading: string, lang: string): string {
  const text = readFileSync(path.join(root, readme), "utf8");
  const from = text.indexOf(heading);
  const open = text.indexOf(`\`\`\`${lang}\n`, from);
  return text.slice(open + lang.length + 4, text.indexOf("\n```", open) + 1);
}

it("npm run pack gives the SDK's, @ctxlog/tlog's and the integrations' tarballs and the wheel", () => {
  expect(packed.map((f) => path.basename(f)).sort()).toEqual([
    expect.stringMatching(/^ctxlog-\d+\.\d+\.\d+-py3-none-any\.whl$/),
    expect.stringMatching(/^ctxlog-langchain-\d+\.\d+\.\d+\.tgz$/),
    expect.stringMatching(/^ctxlog-mcp-proxy-\d+\.\d+\.\d+\.tgz$/),
    expect.stringMatching(/^ctxlog-openai-agents-\d+\.\d+\.\d+\.tgz$/),
    expect.stringMatching(/^ctxlog-sdk-\d+\.\d+\.\d+\.tgz$/),
    expect.stringMatching(/^ctxlog-tlog-\d+\.\d+\.\d+\.tgz$/),
  ]);
});

it("the SDK, installed from its tarball (tlog's beside it) into a new project, runs the README's quick start", async () => {
  const example = readFileSync(path.join(root, "packages/sdk/examples/quick-start.mts"), "utf8");
  expect(example).toContain(readmeBlock("packages/sdk/README.md", "## Quick start", "ts"));
  const project = path.join(work, "ts-app");
  await run("mkdir", ["-p", project], { cwd: work });
  writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "app", private: true }));
  const tarball = packed.find((f) => /ctxlog-sdk-[^/]*\.tgz$/.test(f)) as string;
  const tlog = packed.find((f) => /ctxlog-tlog-[^/]*\.tgz$/.test(f)) as string;
  await run("npm", ["install", "--no-audit", "--no-fund", tlog, tarball], { cwd: project });
  // the SDK's @ctxlog/tlog is the packed one, not a registry package of that name
  const lock = JSON.parse(readFileSync(path.join(project, "package-lock.json"), "utf8"));
  expect(lock.packages["node_modules/@ctxlog/tlog"].resolved).toMatch(/^file:.*ctxlog-tlog-[^/]*\.tgz$/);
  writeFileSync(path.join(project, "quick-start.mts"), example);
  const out = await run(process.execPath, ["quick-start.mts"], {
    cwd: project,
    env: { CTXLOG_URL: baseUrl, CTXLOG_API_KEY: tenant.keys.full },
  });
  expect(out).toMatch(/^created ctx_\w+ 0x[0-9a-f]{64}$/m);
  expect(out).toMatch(/^listed ctx_\w+ pending$/m);
  expect(out).toMatch(/^read ctx_\w+ pending$/m);
  expect(out).toMatch(/^no such context req_/m);
}, 300_000);

it("the wheel, installed into a fresh venv, runs the README's quick start", async () => {
  const example = readFileSync(path.join(root, "clients/python/examples/quick_start.py"), "utf8");
  expect(example).toContain(readmeBlock("clients/python/README.md", "## Quick start", "python"));
  const venv = path.join(work, "venv");
  // Debian's packages satisfy the wheel's requirements: no index is needed
  await run(PYTHON, ["-m", "venv", "--system-site-packages", venv], { cwd: work });
  const wheel = packed.find((f) => f.endsWith(".whl")) as string;
  await run(path.join(venv, "bin/pip"), ["install", "--no-index", wheel], { cwd: work });
  const out = await run(
    path.join(venv, "bin/python"),
    [path.join(root, "clients/python/examples/quick_start.py")],
    {
      cwd: work,
      env: { CTXLOG_URL: baseUrl, CTXLOG_API_KEY: tenant.keys.full, PYTHONPATH: "" },
    },
  );
  expect(out).toMatch(/^created ctx_\w+ 0x[0-9a-f]{64}$/m);
  expect(out).toMatch(/^listed ctx_\w+ pending$/m);
  expect(out).toMatch(/^read pending$/m);
  const where = await run(path.join(venv, "bin/python"), ["-c", "import ctxlog; print(ctxlog.__file__)"], {
    cwd: work,
  });
  expect(where).toContain(path.join(venv, "lib"));
}, 300_000);
