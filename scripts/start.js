#!/usr/bin/env node
// `npm start`: the whole stack for development on one machine. Reads .env (or .env.example when
// there is none; variables already set win), creates the database and applies migrations, starts a
// local chain when RPC_URL is unset (anvil, with the registry deployed by its first funded
// account), then runs each app as its own process and stops them all together.
const { spawn, spawnSync } = require("node:child_process");
const { existsSync } = require("node:fs");
const path = require("node:path");

// End of life of Node's LTS lines (nodejs.org, "Previous releases"): one line of warning past it.
const NODE_EOL = { 18: "2025-04-30", 20: "2026-04-30", 22: "2027-04-30", 24: "2028-04-30" };
const eol = NODE_EOL[Number(process.versions.node.split(".")[0])];
if (eol && Date.now() >= Date.parse(eol))
  console.warn(
    `ctxlog: Node ${process.versions.node} reached end of life on ${eol}; use Node 24 LTS (or 22).`,
  );

const root = path.resolve(__dirname, "..");
const envFile = existsSync(path.join(root, ".env")) ? ".env" : ".env.example";
process.loadEnvFile(path.join(root, envFile));
console.log(`ctxlog: configuration from ${envFile} (environment variables take precedence)`);

const migrate = spawnSync(process.execPath, [path.join(__dirname, "db-migrate.js")], {
  stdio: "inherit",
  cwd: root,
});
if (migrate.status !== 0) {
  console.error("ctxlog: migrations failed; is PostgreSQL running at DATABASE_URL?");
  process.exit(migrate.status ?? 1);
}

const apps = [
  { name: "api", main: "apps/api/dist/main.js" },
  { name: "chain-worker", main: "apps/chain-worker/dist/main.js" },
  { name: "webhook-worker", main: "apps/webhook-worker/dist/main.js" },
];
const children = [];
let anvil;
let stopping = false;

async function startLocalChain() {
  const { deployRegistry } = require(path.join(root, "packages/contracts/dist"));
  const { ANVIL_DEV_KEYS, startAnvil } = require(path.join(root, "packages/contracts/dist/anvil"));
  const port = Number(process.env.ANVIL_PORT || 8545);
  const blockTimeSeconds = Number(process.env.ANVIL_BLOCK_TIME || 1);
  anvil = await startAnvil({ port, blockTimeSeconds });
  const registry = await deployRegistry({ rpcUrl: anvil.rpcUrl, privateKey: ANVIL_DEV_KEYS[0] });
  if (process.env.REGISTRY_ADDRESS) console.log("ctxlog: RPC_URL is unset, so REGISTRY_ADDRESS is ignored");
  process.env.RPC_URL = anvil.rpcUrl;
  process.env.CHAIN_ID = String(anvil.chainId);
  process.env.REGISTRY_ADDRESS = registry.address;
  process.env.CONFIRMATIONS ||= "3";
  // A local anvil chain is development: its published keys may sign (see CTXLOG_DEV_MODE).
  process.env.CTXLOG_DEV_MODE ||= "true";
  return registry;
}

async function main() {
  if (!process.env.RPC_URL) {
    const registry = await startLocalChain();
    const { privateKeyToAccount } = require("viem/accounts");
    const address = (name) =>
      process.env[name] ? privateKeyToAccount(process.env[name]).address : `(${name} unset)`;
    console.log(`ctxlog: local chain (anvil, ${process.env.ANVIL_BLOCK_TIME || 1} s blocks) at ${anvil.rpcUrl}
  chain id:    ${anvil.chainId}
  registry:    ${registry.address}
  anchor key:  ${address("SIGNER_PRIVATE_KEY")} (chain worker, pays gas)
  attestation: ${address("ATTESTATION_PRIVATE_KEY")} (API, signs contexts and receipts)`);
  }
  for (const { name, main } of apps) {
    const child = spawn(process.execPath, [path.join(root, main)], {
      stdio: "inherit",
      cwd: root,
      env: process.env,
    });
    child.on("exit", (code, signal) => {
      if (!stopping) {
        console.error(`ctxlog: ${name} exited (${signal ?? code}); stopping the stack`);
        stop(code || 1);
      }
    });
    children.push(child);
  }
  const origin = `http://${process.env.HOST ?? "127.0.0.1"}:${process.env.PORT ?? 3000}`;
  const base = `${origin}/v1`;
  const ops = `http://${process.env.OPS_HOST ?? "127.0.0.1"}:${process.env.OPS_PORT ?? 9463}`;
  console.log(`
ctxlog is starting: API at ${base} (OpenAPI: ${base}/openapi.json)
Dashboard:     ${origin}/dashboard/
First sign-in: npm run ctxlog -- accounts create --user demo --email you@example.com
               (prints a one-time link, valid 30 minutes, where you set your password)
Operations:    ${ops}/metrics and ${ops}/readyz (private port)
Create a key:  in the dashboard, or npm run ctxlog -- keys create --user demo --type full
Then:          curl -H "Authorization: Bearer <key>" ${base}/status
`);
}

function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  const deadline = setTimeout(() => process.exit(code), 10_000);
  deadline.unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : null)))
    .then(() => anvil?.stop())
    .then(() => process.exit(code));
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

main().catch((err) => {
  console.error(`ctxlog: ${err instanceof Error ? err.message : err}`);
  stop(1);
});
