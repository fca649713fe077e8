// The root db scripts (plain node, no jest): they must report, set the exit code, and end promptly
// on their own. The schema engine leaves a 10 s timer behind; a regression shows up as a slow exit:
// the time from the script printing its own "done in … ms" to its exit then holds that timer's 10 s.
// What the start-up and the work take depends on the machine and its load, so only that lag is bounded.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { dropDatabase, withDatabaseName } from "./database";

// each test runs whole scripts (a migration of a new database takes seconds, more on a loaded machine)
jest.setTimeout(600_000);

const ROOT = path.resolve(__dirname, "..", "..", "..");
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL || "postgresql://root@127.0.0.1:5432/postgres";

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** from the script printing "done in" to its exit, when it printed it */
  exitLagMs: number | null;
}

function runScript(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  let doneAt: number | null = null;
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [path.join(ROOT, "scripts", script), ...args],
      // a guard against a script that never ends, far above what a loaded machine takes
      { cwd: ROOT, env: { ...process.env, ...env }, timeout: 240_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
        resolve({ code, stdout, stderr, exitLagMs: doneAt === null ? null : performance.now() - doneAt });
      },
    );
    let seen = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      if (doneAt === null && /done in \d+ ms/.test(seen)) doneAt = performance.now();
    });
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
    expect(Number(/done in (\d+) ms/.exec(first.stdout)?.[1])).toBeGreaterThan(0);
    // from "done" to the exit: far below the engine's 10 s timer, even on a loaded machine
    expect(first.exitLagMs).not.toBeNull();
    expect(first.exitLagMs).toBeLessThan(8_000);

    const second = await runScript("db-migrate.js", [], { DATABASE_URL: url });
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/no pending migrations/);
  });

  it("takes the apps' secrets keyring from its environment: both variables or neither, a bad key refused", async () => {
    const key = randomBytes(32).toString("base64");
    const half = await runScript("db-migrate.js", [], { DATABASE_URL: url, SECRETS_ENCRYPTION_KEY: key });
    expect(half.code).toBe(1);
    expect(half.stderr).toMatch(/set both SECRETS_ENCRYPTION_KEY and SECRETS_ENCRYPTION_KEY_ID, or neither/);
    const bad = await runScript("db-migrate.js", [], {
      DATABASE_URL: url,
      SECRETS_ENCRYPTION_KEY: "short",
      SECRETS_ENCRYPTION_KEY_ID: "k1",
    });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/SECRETS_ENCRYPTION_KEY: expected/);
    expect(bad.stderr).not.toContain("short");
    const whole = await runScript("db-migrate.js", [], {
      DATABASE_URL: url,
      SECRETS_ENCRYPTION_KEY: key,
      SECRETS_ENCRYPTION_KEY_ID: "k1",
    });
    expect(whole.code).toBe(0);
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
