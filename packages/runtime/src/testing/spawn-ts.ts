import { type ChildProcess, spawn } from "node:child_process";

// Node 20 cannot run TypeScript: the child compiles each .ts file it requires with @swc/core,
// the compiler jest uses, so the tests need no build first.
const REGISTER_TS = `
const { readFileSync } = require("node:fs");
const { transformSync } = require("@swc/core");
require.extensions[".ts"] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, "utf8"), {
    filename,
    jsc: { target: "es2022", parser: { syntax: "typescript" } },
    module: { type: "commonjs" },
  });
  module._compile(code, filename);
};
require(process.argv[1]);
`;

/** Runs a TypeScript file as a process of its own, stdout and stderr piped. */
export function spawnTs(file: string, args: string[]): ChildProcess {
  return spawn(process.execPath, ["-e", REGISTER_TS, file, ...args], { stdio: ["ignore", "pipe", "pipe"] });
}

export interface Exited {
  code: number | null;
  stdout: string;
  stderr: string;
  /** ms from the call to the exit */
  tookMs: number;
}

/** Collects the child's output until it exits. */
export function collect(child: ChildProcess): Promise<Exited> {
  const startedAt = Date.now();
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr, tookMs: Date.now() - startedAt }));
  });
}

/** Resolves once the child has written `line` on its stdout. */
export function waitForLine(child: ChildProcess, line: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.split("\n").includes(line)) {
        child.stdout?.off("data", onData);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`exited (${code}) before writing "${line}"`)));
  });
}
