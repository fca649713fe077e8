#!/usr/bin/env node
// A development chain for docker compose: anvil on ANVIL_HOST:ANVIL_PORT with ANVIL_BLOCK_TIME-second
// blocks and the registry deployed by anvil's first dev account. That account's first contract
// always lands at 0x5FbDB2315678afecb367f032d93F642f64180aa3, so other services can be configured
// with it up front. Writes CHAIN_READY_FILE once deployed (the compose healthcheck waits for it).
const { writeFileSync } = require("node:fs");
const path = require("node:path");
const { deployRegistry } = require(path.join(__dirname, "../packages/contracts/dist"));
const { ANVIL_DEV_KEYS, startAnvil } = require(path.join(__dirname, "../packages/contracts/dist/anvil"));

async function main() {
  const anvil = await startAnvil({
    host: process.env.ANVIL_HOST || "127.0.0.1",
    port: Number(process.env.ANVIL_PORT || 8545),
    blockTimeSeconds: Number(process.env.ANVIL_BLOCK_TIME || 1),
  });
  const local = anvil.rpcUrl.replace(/\/\/0\.0\.0\.0:/, "//127.0.0.1:");
  const registry = await deployRegistry({ rpcUrl: local, privateKey: ANVIL_DEV_KEYS[0] });
  console.log(`anvil ${anvil.rpcUrl}: chain id ${anvil.chainId}, registry ${registry.address}`);
  writeFileSync(process.env.CHAIN_READY_FILE || "/tmp/ctxlog-chain-ready", registry.address);
  const stop = () => anvil.stop().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
