// Unit (reads the source tree): each rule SQL states as well as TypeScript is spelled once on each
// side (docs/sql.md, "Rules stated twice"): in SQL by its ctxlog_ function (migration
// 20261130001500_mirrored_rules), in TypeScript by its @ctxlog/core function. Every production
// file of the apps and packages is scanned for the rule written out again in SQL.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { codeOf as code, productionFiles, REPOSITORY_ROOT as ROOT } from "./testing/source-scan";

const SPELLINGS: Record<string, RegExp> = {
  // a context's Merkle leaf: ctxlog_context_leaf(context_hash, entry_hash)
  leaf: /COALESCE\(\s*("?\w+"?\.)?"?entry_hash"?\s*,\s*("?\w+"?\.)?"?context_hash"?\s*\)/i,
  // confirmation time: ctxlog_confirmation_seconds(created_at, confirmed_at)
  "confirmation time":
    /extract\(\s*epoch\s+FROM\s+("?\w+"?\.)?"?confirmed_at"?\s*-\s*("?\w+"?\.)?"?created_at"?\s*\)/i,
  // an id's time: idFloor / idTimestamp in TypeScript, ctxlog_ulid_floor in SQL
  "ULID time": /0123456789ABCDEFGHJKMNPQRSTVWXYZ/,
};

// Where a rule stays written out, and why.
const KEPT: Record<string, string[]> = {
  // the data step runs right after migration 20261129120744, before ctxlog_context_leaf exists
  "packages/db/src/data-steps/anchor-trees.sql": ["leaf"],
  // the one TypeScript statement of the ids' alphabet
  "packages/core/src/ids.ts": ["ULID time"],
};
// Statements still to call the function (their files were being moved to .sql when it was added):
// this list may only shrink. A listed file that no longer spells its rule fails too: take it off.
const NOT_YET_CALLING: Record<string, string[]> = {};

describe("each mirrored rule is spelled once in SQL", () => {
  const found: Record<string, string[]> = {};
  for (const file of productionFiles()) {
    const text = code(readFileSync(join(ROOT, file), "utf8"));
    const rules = Object.entries(SPELLINGS)
      .filter(([, re]) => re.test(text))
      .map(([rule]) => rule);
    if (rules.length > 0) found[file] = rules;
  }

  it("scans the files that spelled the rules", () => {
    expect(Object.keys(found)).toEqual(expect.arrayContaining(Object.keys(KEPT)));
  });

  it("no other file writes a rule out: it calls the rule's function", () => {
    expect(found).toEqual({ ...KEPT, ...NOT_YET_CALLING });
  });
});
