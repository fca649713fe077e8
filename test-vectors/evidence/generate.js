#!/usr/bin/env node
// Regenerates the evidence pack vectors in this directory: `node test-vectors/evidence/generate.js`.
// Starts anvil (from @foundry-rs/anvil), so the chain data is real; it differs on each run (block
// times), so regenerate only when the format changes. Sources are compiled in memory with the
// monorepo's @swc/core, as test-vectors/generate.js does.
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
// @ctxlog/<pkg>[/<module or folder>] resolve to their TypeScript sources, as in jest.config.js
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const match = /^@ctxlog\/([a-z-]+)(?:\/([a-z-]+))?$/.exec(request);
  if (match) {
    const src = path.join(root, "packages", match[1], "src");
    if (!match[2]) return path.join(src, "index.ts");
    const file = path.join(src, `${match[2]}.ts`);
    return fs.existsSync(file) ? file : path.join(src, match[2], "index.ts");
  }
  return resolve.call(this, request, ...rest);
};

require("./generate-evidence.ts")
  .writeEvidenceVectors(__dirname)
  .then((files) => {
    // biome formats the JSON the way `npm run lint` expects it (the zips hold their own bytes)
    const json = files.filter((f) => f.endsWith(".json")).map((f) => path.join(__dirname, f));
    require("node:child_process").execFileSync(
      path.join(root, "node_modules", ".bin", "biome"),
      ["format", "--write", ...json],
      {
        stdio: "inherit",
      },
    );
    console.log(`wrote ${files.length} files to ${path.relative(root, __dirname)}`);
  })
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
