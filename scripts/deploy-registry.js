#!/usr/bin/env node
// `npm run deploy:registry`: deploys the ContextRegistry contract to the chain at RPC_URL from
// DEPLOYER_PRIVATE_KEY and prints the variables the API and the chain worker need. Reads the
// environment only (never .env), so that a development file cannot pick the network. The deployer
// needs gas for ~130,000 gas units; it may be any account (the registry has no owner).
//   RPC_URL=https://… DEPLOYER_PRIVATE_KEY=0x… [CHAIN_ID=11155111] npm run deploy:registry
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");

/** A workspace package's module: its build when present, else its TypeScript source (dev checkout). */
function workspaceModule(pkg, name) {
  const dist = path.join(root, "packages", pkg, "dist", `${name}.js`);
  if (fs.existsSync(dist)) return require(dist);
  const swc = require("@swc/core");
  require.extensions[".ts"] ??= (module, filename) => {
    const { code } = swc.transformSync(fs.readFileSync(filename, "utf8"), {
      filename,
      swcrc: false,
      jsc: { parser: { syntax: "typescript" }, target: "es2022" },
      module: { type: "commonjs" },
    });
    module._compile(code, filename);
  };
  return require(path.join(root, "packages", pkg, "src", `${name}.ts`));
}

async function main() {
  const problems = [];
  const { RPC_URL: rpcUrl, DEPLOYER_PRIVATE_KEY: privateKey, CHAIN_ID: chainIdText } = process.env;
  const chainId = chainIdText ? Number(chainIdText) : undefined;
  if (!rpcUrl || !/^https?:\/\//.test(rpcUrl))
    problems.push("RPC_URL: the chain's JSON-RPC endpoint (http[s]://…)");
  if (!privateKey || !/^0x[0-9a-fA-F]{64}$/.test(privateKey))
    problems.push(
      "DEPLOYER_PRIVATE_KEY: a 32-byte hex private key with 0x prefix (the account paying for the deployment)",
    );
  if (chainId !== undefined && !(Number.isInteger(chainId) && chainId > 0))
    problems.push("CHAIN_ID: a positive integer");
  const { developmentKeyProblems } = workspaceModule("core", "development-keys");
  problems.push(...developmentKeyProblems(process.env, ["DEPLOYER_PRIVATE_KEY"]));
  if (problems.length > 0) {
    console.error(`deploy:registry: invalid configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    return 2;
  }
  const { deployRegistry } = workspaceModule("contracts", "deploy");
  const deployed = await deployRegistry({ rpcUrl, privateKey, chainId });
  console.log(
    `deployed ContextRegistry at ${deployed.address} on chain ${deployed.chainId} ` +
      `(transaction ${deployed.transactionHash}, block ${deployed.blockNumber}, ${deployed.gasUsed} gas)`,
  );
  console.log("Set on the API and the chain worker:");
  console.log(`REGISTRY_ADDRESS=${deployed.address}`);
  console.log(`CHAIN_ID=${deployed.chainId}`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    // viem's errors carry the RPC URL, which may hold a provider key: print only the short message
    console.error(`deploy:registry: ${error?.shortMessage ?? error?.message ?? error}`);
    process.exitCode = 1;
  },
);
