// The committed `<name>.queries.ts` of every packages/db `.sql` file is what pgTyped generates from
// it against the migrated schema (`npm run db:sql -- --check`, on a scratch database of the test
// server): a statement edited without regenerating its types, or one the schema no longer fits,
// fails here. A data step's statements are typed at the schema its step runs at (docs/sql.md).
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DATA_STEPS } from "./data-steps";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL || "postgresql://root@127.0.0.1:5432/postgres";

function sqlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".sql"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("packages/db .sql files", () => {
  it("have their generated queries committed, up to date with the schema", async () => {
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>(
      (resolve) => {
        execFile(
          process.execPath,
          [path.join(ROOT, "scripts", "db-sql.js"), "--check"],
          { cwd: ROOT, env: { ...process.env, DATABASE_URL: ADMIN_URL }, timeout: 120_000 },
          (error, out, err) =>
            resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: out, stderr: err }),
        );
      },
    );
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(stdout).toMatch(/generated query file\(s\) match their SQL/);
    // the test's own bound: past the child's (120 s) — pgTyped over every file takes ~10 s quiet,
    // several times that beside other work, and jest's default 30 s failed a loaded run
  }, 150_000);

  it("each name one statement per @name block, each with a name", () => {
    for (const file of sqlFiles(path.join(ROOT, "packages", "db", "src"))) {
      const text = readFileSync(file, "utf8");
      const names = text.match(/@name \w+/g) ?? [];
      const statements = text.split(/;\s*(?:\n|$)/).filter((s) => s.replace(/--.*$/gm, "").trim());
      expect([file, names.length]).toEqual([file, statements.length]);
    }
  });

  it("of a data step name the schema its step runs at, and run none of another module's", () => {
    const dir = path.join(ROOT, "packages", "db", "src", "data-steps");
    const afters = new Set(DATA_STEPS.map((step) => step.after));
    // the steps' ledger, not a step's: its table is the same at every schema a step runs at
    const ledger = path.join(dir, "run-data-step.sql");
    const named = sqlFiles(dir)
      .filter((file) => file !== ledger)
      .map((file) => [path.basename(file), readFileSync(file, "utf8").match(/^-- schema: (\S+)/m)?.[1]]);
    expect(named.length).toBeGreaterThan(0);
    for (const [file, schema] of named) expect([file, afters.has(schema ?? "")]).toEqual([file, true]);
    // statements from elsewhere are typed at today's schema: a step reaches outside its folder
    // for the runner, and for a pure function (its module's statements aside)
    const outside: Record<string, string[] | "any"> = {
      "../client": "any",
      "../run-query": "any",
      "../sql-transaction": "any",
      "../events/render-payloads": ["referencedContext"],
    };
    const steps = readdirSync(dir).filter((f) => f.endsWith(".ts") && !/\.(test|queries)\.ts$/.test(f));
    for (const file of steps) {
      const text = readFileSync(path.join(dir, file), "utf8");
      const refused = [...text.matchAll(/import (?:type )?\{([^}]*)\} from "(\.\.\/[^"]*)"/g)].flatMap(
        ([, names = "", from = ""]) => {
          const allowed = outside[from];
          if (allowed === "any") return [];
          const used = names
            .split(",")
            .map((n) => n.replace(/^\s*type\s+/, "").trim())
            .filter(Boolean);
          return used.filter((n) => !allowed?.includes(n)).map((n) => `${n} from ${from}`);
        },
      );
      expect([file, refused]).toEqual([file, []]);
    }
  });
});
