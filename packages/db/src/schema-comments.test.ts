// Unit (reads the source tree): schema.prisma's comments say what the migrations do — every
// migration they cite exists, and the ctxlog_ SQL functions and views they list are exactly those
// the migrations leave behind (created, and not dropped since).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPOSITORY_ROOT as ROOT } from "./testing/source-scan";

const schema = readFileSync(join(ROOT, "prisma", "schema.prisma"), "utf8");
const migrationsDir = join(ROOT, "prisma", "migrations");
const migrations = readdirSync(migrationsDir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

/** The ctxlog_ functions and views the migrations, replayed in order, leave in the database. */
function functionsLeft(): string[] {
  const left = new Set<string>();
  for (const name of migrations) {
    const sql = readFileSync(join(migrationsDir, name, "migration.sql"), "utf8");
    // statements in the order written: a migration may drop a function and create it again
    for (const m of sql.matchAll(
      /\b(CREATE(?:\s+OR\s+REPLACE)?|DROP)\s+(?:FUNCTION|VIEW)\s+(?:IF\s+EXISTS\s+)?(ctxlog_\w+)/gi,
    )) {
      const [, verb, fn] = m as unknown as [string, string, string];
      if (verb.toUpperCase().startsWith("DROP")) left.delete(fn);
      else left.add(fn);
    }
  }
  return [...left].sort();
}

describe("schema.prisma's comments", () => {
  it("cite only migrations that exist", () => {
    const cited = [...new Set(schema.match(/\b\d{14}(?:_[a-z0-9_]+)?/g) ?? [])];
    const missing = cited.filter((c) =>
      c.includes("_") ? !migrations.includes(c) : !migrations.some((m) => m.startsWith(`${c}_`)),
    );
    expect(missing).toEqual([]);
  });

  it("list exactly the ctxlog_ SQL functions and views the migrations leave", () => {
    const listed = [...new Set(schema.match(/\bctxlog_[a-z_]+\b/g) ?? [])]
      // a table named in a comment is no function
      .filter((name) => name !== "ctxlog_data_steps")
      .sort();
    expect(listed).toEqual(functionsLeft());
  });
});
