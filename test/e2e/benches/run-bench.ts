// Runs one bench (bench/<script>) as `npm run bench:*` does after its build, at the size its env
// gives, and resolves with its output. The bench smoke tests (test/e2e/benches/*-benches.test.ts)
// need the build (`npm run build` and the test helpers' `npm run typecheck`, as .ci/run does).
import { execFile } from "node:child_process";
import path from "node:path";

const root = path.resolve(__dirname, "../../..");

/** A bench at a tiny size takes seconds; this bounds one that hangs (each test's own timeout). */
export const BENCH_TIMEOUT_MS = 240_000;

export function runBench(script: string, env: Record<string, string>, args: string[] = []): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(root, "bench", script), ...args],
      { cwd: root, env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024, timeout: BENCH_TIMEOUT_MS },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`bench/${script} failed: ${err.message}\n${stdout}\n${stderr}`));
        else resolve(stdout);
      },
    );
  });
}
