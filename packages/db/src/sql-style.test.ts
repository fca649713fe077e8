// One way to write SQL (docs/sql.md): statements live in `.sql` files, typed by pgTyped, and run
// with runQuery. A production file that writes SQL another way — in a string, through Prisma's raw
// calls or through Prisma's model API — fails here, and so does a transaction opened another way
// than inSqlTransaction ($transaction, a BEGIN or COMMIT written out); the one transaction helper
// and the API's hot write may hand statements to the driver, only in the calls DRIVER_BOUNDARY names.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..", "..", "..");

const RAW = [
  /\$(queryRaw|executeRaw)(Unsafe)?\b/,
  /`\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/,
  /["'`](SELECT|INSERT|UPDATE|DELETE|WITH) [a-z(*]/,
];
/**
 * A transaction opened another way than the one helper, inSqlTransaction: Prisma's $transaction,
 * or BEGIN, COMMIT or ROLLBACK written out (in a string, alone or after a statement's `;`).
 */
const OTHER_TRANSACTION = [
  /\$transaction\b/,
  /["'`]\s*(BEGIN|COMMIT|ROLLBACK|START TRANSACTION)\b/,
  /;\s*(COMMIT|ROLLBACK)\b/,
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

/**
 * The one transaction helper, sql-transaction.ts, is where a statement meets the driver: on a
 * Prisma client without a pool of its own it opens Prisma's $transaction and its runner passes a
 * .sql statement's text and values to Prisma's $queryRawUnsafe, and on the pg pool it says BEGIN,
 * COMMIT and ROLLBACK around the callback. That is running SQL, not writing it, so exactly those
 * calls are accepted there, and nothing else: any other SQL in that file fails like anywhere else.
 *
 * The one transaction outside it is the API's hot write, insert-context.ts (docs/sql.md): its
 * BEGIN rides with the first statement and its COMMIT with the second, two round trips where the
 * helper would take four, so exactly those texts and its ROLLBACK are accepted there.
 */
const DRIVER_BOUNDARY: Record<string, readonly string[]> = {
  "packages/db/src/sql-transaction.ts": [
    "db.$queryRawUnsafe<T[]>(sql, ...params)",
    '"$transaction" in db ? db.$transaction((tx) => fn(prismaSql(tx)))',
    'client.query("BEGIN")',
    'client.query("COMMIT")',
    'client.query("ROLLBACK")',
  ],
  "packages/db/src/contexts/insert-context.ts": [
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the call's source text, matched as written
    "simple(client, `BEGIN; ${lock}`)",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the call's source text, matched as written
    "simple(client, `${await inlined(receiveContexts, params)}; COMMIT`)",
    'client.query("ROLLBACK")',
  ],
};

/** The file's code: its comments (which may name a statement or $transaction) left out. */
function codeOf(file: string): string {
  return readFileSync(path.join(ROOT, file), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
}

function writesSqlAnotherWay(file: string): boolean {
  let text = codeOf(file);
  for (const call of DRIVER_BOUNDARY[file] ?? []) text = text.replaceAll(call, "");
  return (
    RAW.some((pattern) => pattern.test(text)) ||
    MODEL_API.test(text) ||
    OTHER_TRANSACTION.some((pattern) => pattern.test(text))
  );
}

describe("one way to write SQL", () => {
  it("accepts in the transaction helper and the hot write only the calls that hand statements to the driver", () => {
    for (const [file, calls] of Object.entries(DRIVER_BOUNDARY)) {
      const text = codeOf(file);
      // each accepted call is still there (else the exemption outlived it: take it out)
      expect({ file, missing: calls.filter((call) => !text.includes(call)) }).toEqual({ file, missing: [] });
      expect(writesSqlAnotherWay(file)).toBe(false);
    }
  });

  it("no file writes SQL outside .sql files", () => {
    expect(productionFiles().filter(writesSqlAnotherWay)).toEqual([]);
  });
});
