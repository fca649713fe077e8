#!/usr/bin/env node

// The `ctxlog` command (`npx ctxlog verify <proof.json> --rpc-url <url>`).
// An installed package runs its compiled dist/cli.js. Inside the ctxlog monorepo right after
// `npm ci`, dist/ is not built yet: then src/ is compiled in memory with @swc/core (a devDependency
// of the monorepo), so the command works without a build. CTXLOG_SDK_FROM_SOURCE=1 forces the
// source path (the tests use it so that a stale dist/ cannot hide a change).
const fs = require("node:fs");
const path = require("node:path");

const root = path.join(__dirname, "..");
const compiled = path.join(root, "dist", "cli.js");
const source = path.join(root, "src", "cli.ts");
const preferSource = process.env.CTXLOG_SDK_FROM_SOURCE === "1" || !fs.existsSync(compiled);

if (preferSource && fs.existsSync(source)) {
  registerTypeScript();
  require(source).run();
} else {
  require(compiled).run();
}

function registerTypeScript() {
  let swc;
  try {
    swc = require("@swc/core");
  } catch (cause) {
    throw new Error("ctxlog: dist/ is missing; build it with `npm run build -w @ctxlog/sdk`", { cause });
  }
  const Module = require("node:module");
  Module._extensions[".ts"] = (module, filename) => {
    const { code } = swc.transformSync(fs.readFileSync(filename, "utf8"), {
      filename,
      jsc: { parser: { syntax: "typescript" }, target: "es2022" },
      module: { type: "commonjs" },
      sourceMaps: "inline",
    });
    module._compile(code, filename);
  };
  // @ctxlog/tlog, the SDK's workspace dependency, from its sources as well when they are beside
  // this package (the monorepo): its dist/ may be missing or stale just as the SDK's may.
  const tlogSource = path.join(root, "..", "tlog", "src", "index.ts");
  if (fs.existsSync(tlogSource)) {
    const resolve = Module._resolveFilename;
    Module._resolveFilename = function (request, ...rest) {
      return request === "@ctxlog/tlog" ? tlogSource : resolve.call(this, request, ...rest);
    };
  }
}
