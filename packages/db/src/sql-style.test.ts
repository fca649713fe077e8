// One way to write SQL (docs/sql.md): statements live in `.sql` files, typed by pgTyped, and run
// with runQuery. The files that still write SQL another way — in a string, through Prisma's raw
// calls or through Prisma's model API — are listed in legacy-sql.json while they are moved; the
// list may only shrink: a new file writing SQL another way fails here, and so does a listed file
// that no longer does (take it off the list, so it cannot slip back).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const LIST = path.join(ROOT, "packages", "db", "legacy-sql.json");

const RAW = [
  /\$(queryRaw|executeRaw)(Unsafe)?\b/,
  /`\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/,
  /["'`](SELECT|INSERT|UPDATE|DELETE|WITH) [a-z(*]/,
];
const MODEL_API =
  /\b(db|tx|prisma|client)\.[a-z][a-zA-Z]+\.(find|create|update|delete|upsert|count|aggregate|groupBy)[A-Za-z]*\(/;

/** Production TypeScript of packages/db and the apps (tests, test helpers and generated code aside). */
function productionFiles(): string[] {
  const dirs = [path.join(ROOT, "packages", "db", "src")];
  for (const app of readdirSync(path.join(ROOT, "apps"))) {
    if (app !== "dashboard") dirs.push(path.join(ROOT, "apps", app, "src"));
  }
  return dirs.flatMap((dir) =>
    readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && e.name.endsWith(".ts"))
      .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
      .filter(
        (file) =>
          !/\.test\.ts$|\.queries\.ts$|\/testing(\/|\.ts$)|\/generated\//.test(file) &&
          !file.endsWith("db/src/testing.ts"),
      ),
  );
}

function writesSqlAnotherWay(file: string): boolean {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  return RAW.some((pattern) => pattern.test(text)) || MODEL_API.test(text);
}

describe("one way to write SQL", () => {
  it("no file but the listed ones writes SQL outside .sql files, and the list only shrinks", () => {
    const listed: string[] = JSON.parse(readFileSync(LIST, "utf8")).files;
    const found = productionFiles().filter(writesSqlAnotherWay).sort();
    expect({ notListed: found.filter((f) => !listed.includes(f)) }).toEqual({ notListed: [] });
    expect({ movedTakeOffTheList: listed.filter((f) => !found.includes(f)) }).toEqual({
      movedTakeOffTheList: [],
    });
  });
});
