// Unit (reads the source tree): a legal hold is written only by legal-holds.ts (and its .sql), and
// whether it is active is derived in SQL only by ctxlog_hold_active (its migration). Every
// production file of the apps and packages is scanned for the spellings that write legal_holds
// (an INSERT, an UPDATE, Prisma's writes) or derive a hold's state from released_at in SQL.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { codeOf as code, productionFiles, REPOSITORY_ROOT as ROOT } from "../testing/source-scan";

const WRITES: RegExp[] = [
  /INSERT INTO legal_holds\b/i,
  /UPDATE legal_holds\b/i,
  /DELETE FROM legal_holds\b/i,
  /\blegalHold\.(create|createMany|upsert|update|updateMany|delete|deleteMany)\(/,
];
const DERIVATIONS: RegExp[] = [/\b(\w+\.)?released_at IS (NOT )?NULL\b/i];

describe("a legal hold has one writer and one definition", () => {
  const files = productionFiles();
  const texts = new Map(files.map((f) => [f, code(readFileSync(join(ROOT, f), "utf8"))]));

  it("scans the files that read holds", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        "packages/db/src/holds/legal-holds.sql",
        "packages/db/src/holds/erasure-guard.sql",
      ]),
    );
  });

  it("no file but legal-holds.sql writes a hold", () => {
    const writers = files.filter((f) => WRITES.some((re) => re.test(texts.get(f) ?? "")));
    expect(writers).toEqual(["packages/db/src/holds/legal-holds.sql"]);
  });

  it("no file derives a hold's state from released_at: they call ctxlog_hold_active", () => {
    const deriving = files.filter((f) => DERIVATIONS.some((re) => re.test(texts.get(f) ?? "")));
    expect(deriving).toEqual([]);
    const callers = files.filter((f) => /ctxlog_hold_active\(/.test(texts.get(f) ?? ""));
    expect(callers).toEqual(
      expect.arrayContaining([
        "packages/db/src/holds/legal-holds.sql",
        "packages/db/src/holds/erasure-guard.sql",
      ]),
    );
  });
});
