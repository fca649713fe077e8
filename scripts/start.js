#!/usr/bin/env node
// `npm start`: the whole stack for development on one machine. Reads .env (or .env.example when
// there is none; variables already set win), creates the database and applies migrations, starts a
// local chain when RPC_URL is unset (anvil, with the registry deployed by a funded dev account that
// is not one of the stack's keys, its state kept in .dev-chain/ between runs), then runs each app as its own process and
// stops them all together.
const { spawn, spawnSync } = require("node:child_process");
const { existsSync, readFileSync } = require("node:fs");
const path = require("node:path");
const { parseEnv } = require("node:util");
const { devChainPaths, readSavedChain, recordedChain, saveChainNote } = require("./lib/dev-chain");
const { endOfLifeWarning } = require("./lib/node-support");
const { settlePorts } = require("./lib/ports");

const eolWarning = endOfLifeWarning(process.versions.node);
if (eolWarning) console.warn(eolWarning);

const root = path.resolve(__dirname, "..");
const envFile = existsSync(path.join(root, ".env")) ? ".env" : ".env.example";
// which settings the user chose (environment or their own .env), as opposed to the example's defaults
const chosen = new Set(Object.keys(process.env));
if (envFile === ".env")
  for (const name of Object.keys(parseEnv(readFileSync(path.join(root, ".env"), "utf8")))) chosen.add(name);
process.loadEnvFile(path.join(root, envFile));
console.log(`ctxlog: configuration from ${envFile} (environment variables take precedence)`);

const localChain = !process.env.RPC_URL;
if (localChain) {
  // the workers' ops ports, so the chain worker's /healthz (anchoring: ok or stalled, and why) and
  // the webhook worker's /readyz (200 once it delivers) are there to look at
  process.env.CHAIN_WORKER_METRICS_PORT ||= "9465";
  process.env.WEBHOOK_WORKER_METRICS_PORT ||= "9464";
}

/** Every port the stack will listen on, settled before anything starts (see lib/ports.js). */
async function settleStackPorts() {
  const loopback = "127.0.0.1";
  const specs = [
    { name: "PORT", host: process.env.HOST || loopback, fallback: 3000 },
    { name: "OPS_PORT", host: process.env.OPS_HOST || loopback, fallback: 9463 },
  ];
  if (localChain) specs.push({ name: "ANVIL_PORT", host: loopback, fallback: 8545 });
  for (const [name, hostName] of [
    ["CHAIN_WORKER_METRICS_PORT", "CHAIN_WORKER_METRICS_HOST"],
    ["WEBHOOK_WORKER_METRICS_PORT", "WEBHOOK_WORKER_METRICS_HOST"],
  ]) {
    if (process.env[name]) specs.push({ name, host: process.env[hostName] || loopback, fallback: 0 });
  }
  const { ports, moved, taken } = await settlePorts(specs, process.env, chosen);
  if (taken.length > 0) {
    for (const { name, port } of taken) console.error(`ctxlog: ${name}=${port} is in use by another process`);
    console.error(
      "ctxlog: choose free ports (or unset them: unset ports are taken free ones); nothing was started",
    );
    process.exit(1);
  }
  for (const [name, port] of Object.entries(ports)) process.env[name] = String(port);
  for (const { name, from, to } of moved)
    console.log(`ctxlog: port ${from} is in use, so ${name}=${to} (set ${name} to choose)`);
}

async function migrateDatabase() {
  const migrate = spawnSync(process.execPath, [path.join(__dirname, "db-migrate.js")], {
    stdio: "inherit",
    cwd: root,
  });
  if (migrate.status !== 0) {
    console.error("ctxlog: migrations failed; is PostgreSQL running at DATABASE_URL?");
    process.exit(migrate.status ?? 1);
  }
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
  const port = Number(process.env.ANVIL_PORT);
  const blockTimeSeconds = Number(process.env.ANVIL_BLOCK_TIME || 1);
  const paths = devChainPaths();
  const saved = readSavedChain();
  // --state loads the chain saved by the last run and saves it on exit (and every few seconds,
  // so a killed run loses little): the database and the chain stay in step between runs
  anvil = await startAnvil({
    port,
    blockTimeSeconds,
    args: ["--state", paths.state, "--state-interval", "5"],
  });
  const genesis = await rpc(anvil.rpcUrl, "eth_getBlockByNumber", ["0x0", false]);
  let registry =
    saved && (await rpc(anvil.rpcUrl, "eth_getCode", [saved.registry, "latest"])) !== "0x" && saved.registry;
  if (!registry) {
    // Not the anchor key: the chain worker owns every nonce of that account, and a transaction it did
    // not send (this deployment) would be reported as "anchor key used elsewhere" on each fresh chain.
    // The attestation key is passed over too, so that each key of the stack has one job.
    const keys = [process.env.SIGNER_PRIVATE_KEY, process.env.ATTESTATION_PRIVATE_KEY].map((k) =>
      k?.toLowerCase(),
    );
    const deployer = ANVIL_DEV_KEYS.findLast((k) => !keys.includes(k.toLowerCase()));
    registry = (await deployRegistry({ rpcUrl: anvil.rpcUrl, privateKey: deployer })).address;
    saveChainNote({ registry, genesis: genesis.hash, chainId: anvil.chainId });
  }
  if (process.env.REGISTRY_ADDRESS) console.log("ctxlog: RPC_URL is unset, so REGISTRY_ADDRESS is ignored");
  process.env.RPC_URL = anvil.rpcUrl;
  process.env.CHAIN_ID = String(anvil.chainId);
  process.env.REGISTRY_ADDRESS = registry;
  process.env.CONFIRMATIONS ||= "3";
  // the console's agent Audit runs in the browser against the chain: here, this local anvil
  if (!chosen.has("DASHBOARD_CHAIN_RPC_URL")) process.env.DASHBOARD_CHAIN_RPC_URL = anvil.rpcUrl;
  // A local anvil chain is development: its published keys may sign (see CTXLOG_DEV_MODE).
  process.env.CTXLOG_DEV_MODE ||= "true";
  // ... and a newcomer's webhook receiver on http://localhost works (production refuses both)
  for (const name of ["WEBHOOK_ALLOW_INSECURE_URLS", "WEBHOOK_ALLOW_PRIVATE_URLS"])
    if (!chosen.has(name)) process.env[name] = "true";
  return { address: registry, genesis: genesis.hash, resumed: Boolean(saved && saved.registry === registry) };
}

/** The database's chain against the local one: a lost chain state is said in one line. */
async function checkDatabaseChain(chain) {
  const recorded = await recordedChain(process.env.DATABASE_URL);
  if (!recorded?.anchored) return true;
  const same =
    recorded.genesisHash.toLowerCase() === chain.genesis.toLowerCase() &&
    recorded.registryAddress.toLowerCase() === chain.address.toLowerCase();
  if (same) return true;
  console.error(
    `ctxlog: the local chain's state (${path.relative(root, devChainPaths().state)}) is gone but the database still anchors on chain ${recorded.chainId} (genesis ${recorded.genesisHash}); run \`npm run reset\` to drop both and start afresh`,
  );
  return false;
}

async function rpc(url, method, params) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = await res.json();
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

async function main() {
  await settleStackPorts();
  const { secp256k1Backend } = require(path.join(root, "packages/core/dist"));
  if (secp256k1Backend() === "javascript")
    console.warn(
      "ctxlog: libsecp256k1's native addon did not load (no prebuild for this platform, and its install script could not build one): signing runs on the slower pure-JS curve",
    );
  migrateDatabase();
  if (localChain) {
    const registry = await startLocalChain();
    if (!(await checkDatabaseChain(registry))) return stop(1);
    const { privateKeyToAccount } = require("viem/accounts");
    const address = (name) =>
      process.env[name] ? privateKeyToAccount(process.env[name]).address : `(${name} unset)`;
    const flag = (name) => (process.env[name] === "true" ? "allowed" : "refused");
    console.log(`ctxlog: local chain (anvil, ${process.env.ANVIL_BLOCK_TIME || 1} s blocks) at ${anvil.rpcUrl}
  chain id:    ${anvil.chainId}
  registry:    ${registry.address}
  state:       ${path.relative(root, devChainPaths().state)} (${registry.resumed ? "resumed" : "new chain"}; \`npm run reset\` drops it with the database)
  anchor key:  ${address("SIGNER_PRIVATE_KEY")} (chain worker, pays gas)
  attestation: ${address("ATTESTATION_PRIVATE_KEY")} (API, signs contexts and receipts)
  webhooks:    http:// URLs ${flag("WEBHOOK_ALLOW_INSECURE_URLS")}, loopback/private addresses ${flag("WEBHOOK_ALLOW_PRIVATE_URLS")} (development; production refuses both)`);
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
  const mailNote = mailSummary();
  const base = `${origin}/v1`;
  const ops = `http://${process.env.OPS_HOST ?? "127.0.0.1"}:${process.env.OPS_PORT ?? 9463}`;
  console.log(`
ctxlog is starting: API at ${base} (OpenAPI: ${base}/openapi.json)
Dashboard:     ${origin}/dashboard/
First sign-in: npm run ctxlog -- accounts create --user demo --email you@example.com
               (${mailNote.cli})
Mail:          ${mailNote.api}
Operations:    ${ops}/metrics and ${ops}/readyz (private port)${
    process.env.CHAIN_WORKER_METRICS_PORT
      ? `\nChain worker:  http://${process.env.CHAIN_WORKER_METRICS_HOST ?? "127.0.0.1"}:${process.env.CHAIN_WORKER_METRICS_PORT}/healthz (anchoring: ok, or stalled and why)`
      : ""
  }${
    process.env.WEBHOOK_WORKER_METRICS_PORT
      ? `\nWebhooks:      http://${process.env.WEBHOOK_WORKER_METRICS_HOST ?? "127.0.0.1"}:${process.env.WEBHOOK_WORKER_METRICS_PORT}/readyz (the webhook worker: 200 once it delivers)`
      : ""
  }
Create a key:  in the dashboard, or npm run ctxlog -- keys create --user demo --type full
Then:          curl -H "Authorization: Bearer <key>" ${base}/status
`);
}

/** Where invitations and sign-in links go: SMTP_URL's server, else (development) this output. */
function mailSummary() {
  if (process.env.SMTP_URL) {
    let where = "SMTP_URL";
    try {
      const url = new URL(process.env.SMTP_URL);
      where = `${url.protocol}//${url.host}`; // never its user and password
    } catch {}
    return {
      cli: "mails you a one-time link, valid a week, where you set your password",
      api: `invitations and sign-in links are mailed through ${where}`,
    };
  }
  const dev = process.env.CTXLOG_DEV_MODE === "true" || process.env.CTXLOG_DEV_MODE === "1";
  return {
    cli: "prints a one-time link, valid a week, where you set your password: SMTP_URL is unset",
    api: dev
      ? "SMTP_URL is unset: each invitation mail is printed below, marked NOT SENT (development)"
      : "SMTP_URL is unset and CTXLOG_DEV_MODE is off: dashboard invitations answer 503",
  };
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
