// What the vector generators share (test-vectors/generate.js, evidence/generate.js,
// tlog/generate.js): the monorepo's TypeScript sources compiled in memory with its @swc/core (as
// packages/sdk/bin/ctxlog.js does), so no build is needed, and biome formatting what they write.
const fs = require("node:fs");
const path = require("node:path");
const Module = require("node:module");

const root = path.join(__dirname, "..");
let registered = false;

/**
 * `.ts` files load through swc; `@ctxlog/<pkg>[/<module or folder>]` resolves to its TypeScript
 * sources, as in jest.config.js.
 */
function loadTypeScriptSources() {
  if (registered) return;
  registered = true;
  const swc = require("@swc/core");
  Module._extensions[".ts"] = (module, filename) => {
    const { code } = swc.transformSync(fs.readFileSync(filename, "utf8"), {
      filename,
      jsc: { parser: { syntax: "typescript" }, target: "es2022" },
      module: { type: "commonjs" },
    });
    module._compile(code, filename);
  };
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
}

/** biome formats the JSON files written the way `npm run lint` expects them. */
function formatJson(files) {
  const json = files.filter((f) => f.endsWith(".json"));
  if (json.length === 0) return;
  require("node:child_process").execFileSync(
    path.join(root, "node_modules", ".bin", "biome"),
    ["format", "--write", ...json],
    {
      stdio: "inherit",
    },
  );
}

module.exports = { root, loadTypeScriptSources, formatJson };
