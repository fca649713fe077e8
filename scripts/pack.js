#!/usr/bin/env node
// `npm run pack`: the npm tarballs of the SDK, of @ctxlog/tlog (the SDK's one workspace
// dependency) and of the agent-framework integrations, and the Python client's wheel, built into
// one folder (dist-pack/, or `npm run pack -- --out <dir>`), to install outside this repository
// until a registry release exists:
// `npm install ./dist-pack/ctxlog-tlog-<version>.tgz ./dist-pack/ctxlog-sdk-<version>.tgz` (with an
// integration's tarball beside them: `./dist-pack/ctxlog-langchain-<version>.tgz`) and
// `pip install ./dist-pack/ctxlog-<version>-py3-none-any.whl` (docs/development.md, the clients' READMEs).
const { spawnSync } = require("node:child_process");
const { mkdirSync, readdirSync, rmSync } = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const outArg = process.argv.indexOf("--out");
const out = path.resolve(outArg > 0 ? process.argv[outArg + 1] : path.join(root, "dist-pack"));
const python = process.env.PYTHON || "python3";

function run(command, args, cwd, what) {
  const result = spawnSync(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    console.error(`pack: ${what} failed${result.error ? ` (${result.error.message})` : ""}`);
    process.exit(1);
  }
  return result.stdout;
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// @ctxlog/tlog, the SDK (which depends on it) and the integrations (each depends on the SDK only):
// compiled, then packed as npm would publish them (package.json "files")
const NPM_PACKAGES = [
  "packages/tlog",
  "packages/sdk",
  "packages/openai-agents",
  "packages/langchain",
  "packages/mcp-proxy",
];
run(
  process.execPath,
  [require.resolve("typescript/bin/tsc"), "-b", ...NPM_PACKAGES],
  root,
  "building @ctxlog/tlog, the SDK and the integrations",
);
const npm = process.env.npm_execpath
  ? [process.execPath, [process.env.npm_execpath]]
  : [process.platform === "win32" ? "npm.cmd" : "npm", []];
for (const workspace of NPM_PACKAGES) {
  run(
    npm[0],
    [...npm[1], "pack", "--workspace", workspace, "--pack-destination", out],
    root,
    `npm pack ${workspace}`,
  );
}

// the Python client: a wheel from its pyproject (hatchling), without fetching build dependencies
run(
  python,
  ["-m", "build", "--wheel", "--no-isolation", "--skip-dependency-check", "--outdir", out],
  path.join(root, "clients/python"),
  `building the wheel with ${python} (needs the build and hatchling modules: Debian python3-build python3-hatchling, or pip install build hatchling)`,
);

for (const file of readdirSync(out).sort())
  console.log(path.join(path.relative(process.cwd(), out) || ".", file));
