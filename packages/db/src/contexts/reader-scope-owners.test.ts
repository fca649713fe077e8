// Unit (reads the source tree): which of a user's contexts a key may read (all, public or its key
// family's own) is decided in one place, the SQL function ctxlog_reader_sees, with its parameters
// made by readerSees (reader-scope.ts). Every production file is scanned for a second spelling of
// the rule: a context's visibility or key compared in a statement (a reader of its own key family
// sees the contexts its family's keys wrote), or the reader's scope tested outside reader-scope.ts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { codeOf as code, productionFiles, REPOSITORY_ROOT as ROOT } from "../testing/source-scan";

const OWNER = "packages/db/src/contexts/reader-scope.ts";

// a context's visibility or key compared to a value or parameter (inserts name the columns without
// comparing them; a join on the key, `k.id = c.api_key_id`, compares no value)
const SQL_RULES: RegExp[] = [/\bc\.visibility\s*=/i, /\bc\.api_key_id\s*=\s*(ANY\b|:)/i, /:scope!?\b/];
// statements over contexts (a verification's own scope, by the key family that made it, is another rule)
const READS_CONTEXTS = /\bFROM contexts\b|\bJOIN contexts\b/i;
const TS_RULES: RegExp[] = [/\bscope\s*===?\s*"(public|own|all)"/];

describe("a reader's scope over contexts is decided once", () => {
  const files = productionFiles();
  const texts = new Map(files.map((f) => [f, code(readFileSync(join(ROOT, f), "utf8"))]));

  it("statements reading contexts for a reader call ctxlog_reader_sees", () => {
    const callers = files.filter(
      (f) => f.endsWith(".sql") && /ctxlog_reader_sees\(/.test(texts.get(f) ?? ""),
    );
    expect(callers).toEqual(
      expect.arrayContaining([
        "packages/db/src/contexts/list-contexts.sql",
        "packages/db/src/otel/list-agent-traces.sql",
        "packages/db/src/verifications/find-anchored-contexts.sql",
      ]),
    );
  });

  it("no statement compares a context's visibility or key itself", () => {
    const spelled = files.filter(
      (f) =>
        f.endsWith(".sql") &&
        READS_CONTEXTS.test(texts.get(f) ?? "") &&
        SQL_RULES.some((re) => re.test(texts.get(f) ?? "")),
    );
    expect(spelled).toEqual([]);
  });

  it("no file but reader-scope.ts turns a scope into a filter", () => {
    const spelled = files.filter(
      (f) => f.startsWith("packages/db/") && TS_RULES.some((re) => re.test(texts.get(f) ?? "")),
    );
    expect(spelled).toEqual([OWNER]);
  });

  it("the scan would see a second spelling", () => {
    expect(SQL_RULES.some((re) => re.test(code("WHERE c.visibility = 'public' -- x")))).toBe(true);
    expect(SQL_RULES.some((re) => re.test(code("AND (:scope!::text = 'all'")))).toBe(true);
    expect(SQL_RULES.some((re) => re.test(code("AND c.api_key_id = ANY(:keys)")))).toBe(true);
  });
});
