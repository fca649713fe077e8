#!/usr/bin/env node
// Regenerates the transparency log vectors in this directory: `node test-vectors/tlog/generate.js`.
// They are computed by @ctxlog/core's tlog formats and checked by implementations we did not
// write: Go's sumdb/tlog and sumdb/note (test/e2e/tlog/go) and sigstore-js (packages/sdk). Every
// input is fixed (leaves, seeds, timestamps; Ed25519 is deterministic), so a run rewrites the same
// bytes. Sources are compiled in memory with the monorepo's @swc/core, as test-vectors/generate.js does.
const fs = require("node:fs");
const path = require("node:path");
const Module = require("node:module");
const swc = require("@swc/core");

const root = path.join(__dirname, "..", "..");
Module._extensions[".ts"] = (module, filename) => {
  const { code } = swc.transformSync(fs.readFileSync(filename, "utf8"), {
    filename,
    jsc: { parser: { syntax: "typescript" }, target: "es2022" },
    module: { type: "commonjs" },
  });
  module._compile(code, filename);
};
// @ctxlog/<pkg> resolves to its TypeScript sources, as in jest.config.js
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const match = /^@ctxlog\/([a-z-]+)$/.exec(request);
  if (match) return path.join(root, "packages", match[1], "src", "index.ts");
  return resolve.call(this, request, ...rest);
};

const files = require("./generate-tlog.ts").writeTlogVectors(__dirname);
// biome formats the JSON the way `npm run lint` expects it
require("node:child_process").execFileSync(
  path.join(root, "node_modules", ".bin", "biome"),
  ["format", "--write", ...files],
  {
    stdio: "inherit",
  },
);
