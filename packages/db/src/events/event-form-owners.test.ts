// Unit (reads the source tree): an event's stored forms are spelled in one module,
// @ctxlog/core event-references.ts (and the older forms in the data step's own reader, which goes
// with it). Every production file of the apps and packages is scanned for the forms' marks as
// literals in code (`"~A"`, `"~C…"`, the older `"~a"`/`"~c"`) and for SQL testing a payload's first
// character against one; other files take the marks and the SQL test from their owners.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { codeOf as code, productionFiles, REPOSITORY_ROOT as ROOT } from "../testing/source-scan";

const OWNERS = ["packages/core/src/event-references.ts", "packages/db/src/data-steps/older-event-forms.ts"];

const SPELLINGS: RegExp[] = [
  /["'`]~[ACac]/,
  /left\([^)]*payload[^)]*\)\s*(=|<>)\s*'~/i,
  /payload\s+(NOT\s+)?LIKE\s+'~/i,
];
const spells = (text: string) => SPELLINGS.some((re) => re.test(code(text)));

describe("an event's stored forms have one owner", () => {
  const files = productionFiles();

  it("scans the files that store and render events", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        ...OWNERS,
        "packages/db/src/events/render-payloads.ts",
        "packages/db/src/webhooks/load-delivery-targets.ts",
        "packages/db/src/anchors/confirm-anchor.ts",
        "packages/db/src/contexts/erase-contexts-data.ts",
      ]),
    );
  });

  it("no file but its owners spells a form", () => {
    expect(files.filter((f) => spells(readFileSync(join(ROOT, f), "utf8")))).toEqual(OWNERS);
  });

  it("catches the spellings it looks for, and not other tildes", () => {
    expect(spells('payload: "~A",')).toBe(true);
    expect(spells("const m = `~C` + tx;")).toBe(true);
    expect(spells("LEFT JOIN contexts c ON c.id = e.context_id AND left(e.payload, 1) = '~'")).toBe(true);
    expect(spells("WHERE payload NOT LIKE '~C%'")).toBe(true);
    expect(spells('return { lo: "", hi: "~" };')).toBe(false);
    expect(spells('s.replace(/~/g, "~0")')).toBe(false);
    expect(spells("// a `~A` in a comment")).toBe(false);
  });
});
