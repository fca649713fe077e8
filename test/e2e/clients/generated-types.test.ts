// Both clients' types come from apps/api/openapi.json (issue 39): the SDK's
// packages/sdk/src/generated/openapi.ts and the Python client's ctxlog/_generated_models.py are
// regenerated here into a temporary folder by the scripts `npm run gen:clients` runs, and must equal
// the committed files. So a change to the API's document without `npm run gen:clients` fails here.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.join(__dirname, "../../..");
const DOCUMENT = path.join(ROOT, "apps/api/openapi.json");
const GENERATED = [
  {
    script: "scripts/gen-sdk-types.js",
    file: "openapi.ts",
    committed: "packages/sdk/src/generated/openapi.ts",
  },
  {
    script: "scripts/gen-python-models.js",
    file: "_generated_models.py",
    committed: "clients/python/src/ctxlog/_generated_models.py",
  },
];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "ctxlog-gen-clients-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What `script` writes for the document at `input`, as text. */
function regenerate(script: string, file: string, input: string, out: string): string {
  execFileSync(process.execPath, [path.join(ROOT, script), "--in", input, "--out", out], { stdio: "pipe" });
  return readFileSync(path.join(out, file), "utf8");
}

describe.each(GENERATED)("$committed", ({ script, file, committed }) => {
  it("is what the script makes of the committed openapi.json (else: npm run gen:clients)", () => {
    const fresh = regenerate(script, file, DOCUMENT, path.join(dir, "fresh"));
    expect(readFileSync(path.join(ROOT, committed), "utf8")).toBe(fresh);
  });

  it("changes when the document does: a field added to AgentTrace appears in it", () => {
    const document = JSON.parse(readFileSync(DOCUMENT, "utf8"));
    const trace = document.components.schemas.AgentTrace;
    trace.properties.probe_field_from_test = { type: "string", description: "added by the test" };
    trace.required = [...(trace.required ?? []), "probe_field_from_test"];
    const changed = path.join(dir, "changed.json");
    writeFileSync(changed, JSON.stringify(document));
    const regenerated = regenerate(script, file, changed, path.join(dir, "changed"));
    expect(regenerated).toContain("probe_field_from_test");
    expect(regenerated).not.toBe(readFileSync(path.join(ROOT, committed), "utf8"));
  });
});
