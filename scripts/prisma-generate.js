#!/usr/bin/env node
// `prisma generate` offline. Every prisma CLI command first tries to download a native schema
// engine, which this network forbids; `generate` never runs it, so pointing
// PRISMA_SCHEMA_ENGINE_BINARY at any existing file lets it proceed without a download.
const { spawnSync } = require("node:child_process");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const result = spawnSync(
  process.execPath,
  [require.resolve("prisma/build/index.js", { paths: [root] }), "generate"],
  {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
      CHECKPOINT_DISABLE: "1",
    },
  },
);
process.exit(result.status ?? 1);
