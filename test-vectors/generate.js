#!/usr/bin/env node
// Regenerates the JSON vectors in this directory from the TypeScript implementation (the server's
// @ctxlog/core and the SDK): `node test-vectors/generate.js`. The sources are compiled in memory
// with the monorepo's @swc/core (as packages/sdk/bin/ctxlog.js does), so no build is needed.
const fs = require("node:fs");
const path = require("node:path");
const Module = require("node:module");
const swc = require("@swc/core");

const root = path.join(__dirname, "..");
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

require("./generate-vectors.ts")
  .writeVectors(__dirname)
  .then((files) => {
    // biome formats the JSON the way `npm run lint` expects it
    require("node:child_process").execFileSync(
      path.join(root, "node_modules", ".bin", "biome"),
      ["format", "--write", ...files],
      { stdio: "inherit" },
    );
  })
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
