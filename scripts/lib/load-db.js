// Where the db scripts get @ctxlog/db's code from:
// - a checkout with dev dependencies: the TypeScript sources, compiled on load by @swc/core with the
//   settings jest uses, so the scripts need no build and keep working while unrelated code in the
//   workspace does not type-check (types are checked by `npm run typecheck`, not here);
// - the production image (built, then `npm prune --omit=dev`: see Dockerfile): packages/db/dist.
const fs = require("node:fs");
const path = require("node:path");

const PACKAGE = path.resolve(__dirname, "..", "..", "packages", "db");
let base;

/** require() of one module of packages/db, e.g. dbModule("migrate"). */
function dbModule(name) {
  base ??= chooseBase();
  return require(path.join(base, name));
}

function chooseBase() {
  let swc;
  try {
    swc = require("@swc/core");
  } catch (error) {
    if (error.code !== "MODULE_NOT_FOUND") throw error;
  }
  if (swc) {
    registerTypeScript(swc);
    return path.join(PACKAGE, "src");
  }
  const dist = path.join(PACKAGE, "dist");
  if (!fs.existsSync(path.join(dist, "migrate.js"))) {
    throw new Error("packages/db/dist is missing and @swc/core is not installed: run `npm run build` first");
  }
  return dist;
}

// require.extensions is deprecated but is still the CommonJS loader's hook, as used by ts-node & co.
function registerTypeScript(swc) {
  require.extensions[".ts"] = (module, filename) => {
    const { code } = swc.transformSync(fs.readFileSync(filename, "utf8"), {
      filename,
      swcrc: false,
      sourceMaps: "inline",
      jsc: { parser: { syntax: "typescript" }, target: "es2022" },
      module: { type: "commonjs" },
    });
    module._compile(code, filename);
  };
}

module.exports = { dbModule };
