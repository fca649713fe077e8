// A pack is untrusted input: any field of any file replaced by a value of another type, and the
// pack sealed again over it (so the change reaches the checks behind the manifest), gives a
// verdict — never an exception.
import { readFileSync } from "node:fs";
import path from "node:path";
import { sha256 } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { manifestTypedData } from "./manifest";
import { PACK_FILES, type PackManifest } from "./pack-format";
import { readPackZip } from "./read-zip";
import { verifyPack } from "./verify-pack";

const dir = path.join(__dirname, "../../../../test-vectors/evidence");
// anvil's second dev account: the vectors' attestation key (public, never funded anywhere real)
const attestation = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
const utf8 = new TextEncoder();
const text = new TextDecoder();
type Json = Record<string, unknown>;

const pack = (file: string) => readPackZip(new Uint8Array(readFileSync(path.join(dir, file))));

async function reseal(files: Map<string, Uint8Array>): Promise<Map<string, Uint8Array>> {
  const manifest = JSON.parse(text.decode(files.get("manifest.json"))) as PackManifest;
  for (const name of PACK_FILES) {
    const bytes = files.get(name) as Uint8Array;
    manifest.files[name] = { sha256: sha256(bytes).slice(2), bytes: bytes.length };
  }
  const { signature: _, ...unsigned } = manifest;
  const signature = await attestation.signTypedData(manifestTypedData(unsigned));
  return new Map(files).set("manifest.json", utf8.encode(JSON.stringify({ ...unsigned, signature })));
}

/** Every path to a member of `value` at most `depth` levels down, arrays by their first element. */
function paths(value: unknown, depth: number, prefix: (string | number)[] = []): (string | number)[][] {
  if (depth === 0 || typeof value !== "object" || value === null) return [];
  const keys: (string | number)[] = Array.isArray(value) ? (value.length > 0 ? [0] : []) : Object.keys(value);
  return keys.flatMap((k) => [
    [...prefix, k],
    ...paths((value as Json)[k as string], depth - 1, [...prefix, k]),
  ]);
}

function replaced(value: unknown, at: (string | number)[], by: unknown): unknown {
  const copy = structuredClone(value) as Json;
  let node = copy;
  for (const k of at.slice(0, -1)) node = node[k as string] as Json;
  node[at[at.length - 1] as string] = by;
  return copy;
}

const ODD = [null, 7, "x", [], { a: 1 }];

async function expectAVerdict(files: Map<string, Uint8Array>) {
  const result = await verifyPack(await reseal(files));
  expect(["verified", "verified_data_unavailable", "failed"]).toContain(result.verdict);
  if (result.verdict === "failed") expect(result.failure?.reason).toEqual(expect.any(String));
}

describe("verifyPack on hostile input", () => {
  it.each([
    ["anchors.json", 4],
    ["completeness.json", 3],
    ["signers.json", 3],
    ["activity.json", 3],
  ])(
    "gives a verdict whatever member of %s changes type",
    async (name, depth) => {
      const valid = pack("valid.zip");
      const parsed = JSON.parse(text.decode(valid.get(name)));
      for (const at of paths(parsed, depth)) {
        for (const by of ODD) {
          await expectAVerdict(
            new Map(valid).set(name, utf8.encode(JSON.stringify(replaced(parsed, at, by)))),
          );
        }
      }
    },
    120_000,
  );

  it("gives a verdict whatever member of an entry or erasure line changes type", async () => {
    const erased = pack("erased.zip");
    for (const name of ["entries.ndjson", "erasures.ndjson"]) {
      const lines = text.decode(erased.get(name)).trimEnd().split("\n");
      const index = name === "entries.ndjson" ? 3 : 0; // the erased entry, and its record
      const line = JSON.parse(lines[index] as string);
      for (const at of paths(line, 2)) {
        for (const by of ODD) {
          const changed = lines.map((l, i) => (i === index ? JSON.stringify(replaced(line, at, by)) : l));
          await expectAVerdict(new Map(erased).set(name, utf8.encode(`${changed.join("\n")}\n`)));
        }
      }
    }
  }, 120_000);

  it("fails a changed member where the check reads it", async () => {
    const valid = pack("valid.zip");
    const anchors = JSON.parse(text.decode(valid.get("anchors.json")));
    const own = Number(anchors.anchors[0].transaction.transactionIndex); // the anchor's own receipt
    const logs = replaced(anchors, ["anchors", 0, "receipts", own, "logs"], 7);
    const result = await verifyPack(
      await reseal(new Map(valid).set("anchors.json", utf8.encode(JSON.stringify(logs)))),
    );
    expect(result.failure).toMatchObject({ file: "anchors.json", at: "anchors[0]", check: "anchor_shape" });
    expect(result.failure?.reason).toMatch(/^could not be checked: /);
  });
});
