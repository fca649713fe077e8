// Test-only: the proxy's CLI run from src/ in a process of its own, as a client starts a server
// (command + args), so the tests need no build and a stale dist/ cannot hide a change. The child
// compiles each .ts file with @swc/core (the compiler jest uses) and reads @ctxlog/sdk from its
// sources too, as jest's moduleNameMapper does.
import path from "node:path";

const root = path.resolve(__dirname, "../../../..");
export const CLI_SOURCE = path.join(root, "packages/mcp-proxy/src/testing/cli-main.ts");
const SDK_SOURCE = path.join(root, "packages/sdk/src/index.ts");

const REGISTER_TS = `
const { readFileSync } = require("node:fs");
const Module = require("node:module");
const { transformSync } = require("@swc/core");
require.extensions[".ts"] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, "utf8"), {
    filename,
    jsc: { target: "es2022", parser: { syntax: "typescript" } },
    module: { type: "commonjs" },
  });
  module._compile(code, filename);
};
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === "@ctxlog/sdk") return ${JSON.stringify(SDK_SOURCE)};
  return resolve.call(this, request, ...rest);
};
require(process.argv[1]);
`;

/** The path of server-everything's entry point (a devDependency). */
export const SERVER_EVERYTHING = require.resolve("@modelcontextprotocol/server-everything/dist/index.js", {
  paths: [path.join(root, "packages/mcp-proxy")],
});

/** command + args that run `ctxlog-mcp-proxy <args…>` from source. */
export function proxyCommand(args: string[]): { command: string; args: string[] } {
  return { command: process.execPath, args: ["-e", REGISTER_TS, CLI_SOURCE, ...args] };
}

/** command + args of the proxy in front of server-everything on stdio. */
export function proxiedServerEverything(proxyArgs: string[] = []): { command: string; args: string[] } {
  return proxyCommand([...proxyArgs, "--", process.execPath, SERVER_EVERYTHING, "stdio"]);
}
