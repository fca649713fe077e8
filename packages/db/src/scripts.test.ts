// The root db scripts (plain node, no jest): they must report, set the exit code, and end promptly
// on their own. The schema engine leaves a 10 s timer behind; a regression shows up as a slow exit:
// the time from the script's own "done in … ms" to its exit then holds that timer's 10 s. What the
// work itself takes depends on the machine and its load, so only that lag is bounded.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { dropDatabase, withDatabaseName } from "./database";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL || "postgresql://root@127.0.0.1:5432/postgres";

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function runScript(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  const started = performance.now();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT, "scripts", script), ...args],
      { cwd: ROOT, env: { ...process.env, ...env }, timeout: 20_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
        resolve({ code, stdout, stderr, ms: performance.now() - started });
      },
    );
  });
}

describe("npm run db:migrate", () => {
  const url = withDatabaseName(ADMIN_URL, `ctxlog_test_script_${randomBytes(4).toString("hex")}`);
  afterAll(() => dropDatabase(url));

  it("creates the database, applies the migrations, and exits promptly", async () => {
    const first = await runScript("db-migrate.js", [], { DATABASE_URL: url });
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/created database ctxlog_test_script_/);
    expect(first.stdout).toMatch(/applied \d{14}_init/);
    const work = Number(/done in (\d+) ms/.exec(first.stdout)?.[1]);
    expect(work).toBeGreaterThan(0);
    // start-up and exit around the work: far below the engine's 10 s timer, even on a loaded machine
    expect(first.ms - work).toBeLessThan(10_000);

    const second = await runScript("db-migrate.js", [], { DATABASE_URL: url });
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/no pending migrations/);
  });

  it("fails with a message and a non-zero code when the server is unreachable", async () => {
    const run = await runScript("db-migrate.js", [], {
      DATABASE_URL: "postgresql://root@127.0.0.1:1/ctxlog",
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: .*ECONNREFUSED/m);
  });
});

describe("npm run db:migration:create", () => {
  it("asks for a name", async () => {
    const run = await runScript("db-migration-create.js", [], {});
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/usage: npm run db:migration:create -- <name>/);
  });
});
