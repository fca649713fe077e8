// The tampered packs: each changes one thing and names the first failure every verifier must
// report. Two kinds: a file changed after sealing (the manifest's hash or signature catches it),
// and a pack sealed over the change (the writer itself lying: the deeper checks catch it).
import { manifestTypedData, type PackFailure, type PackManifest } from "@ctxlog/sdk";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { type Files, jsonFile } from "./build-pack";
import type { PackInput } from "./generate-evidence";

type Json = Record<string, unknown>;
type Expect = Pick<PackFailure, "file" | "line" | "check"> & { at?: string };

export interface TamperCase {
  name: string;
  file: string;
  files: Files;
  expect: Expect;
}

interface Ctx {
  valid: Files;
  input: PackInput;
  erasedInput: PackInput;
  seal: (input: PackInput, files?: Files) => Promise<Files>;
  manifestOf: (files: Files) => PackManifest;
  /** generate-evidence's writer of a pack's files (passed in: that module imports this one) */
  packFiles: (input: PackInput) => Files;
}

const STRANGER_KEY: Hex = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const json = (bytes: Uint8Array) => JSON.parse(text(bytes)) as Json;
const flipHex = (hex: string) => `${hex.slice(0, -1)}${hex.endsWith("0") ? "1" : "0"}`;

/** The files with one byte changed in the middle of `name` (a character of ASCII text: still text). */
function withByteChanged(files: Files, name: string): Files {
  const bytes = new Uint8Array(files.get(name) as Uint8Array);
  const i = Math.floor(bytes.length / 2);
  bytes[i] = (bytes[i] as number) === 0x30 ? 0x31 : 0x30;
  return new Map(files).set(name, bytes);
}

export async function tamperCases(ctx: Ctx): Promise<TamperCase[]> {
  const { valid, input, seal } = ctx;
  const cases: TamperCase[] = [];
  const byte = (name: string) =>
    cases.push({
      name: `a byte of ${name} changed`,
      file: `byte-${name.replace(/\./g, "-")}.zip`,
      files: withByteChanged(valid, name),
      expect: { file: name, line: null, check: "file_hash" },
    });
  for (const name of [
    "entries.ndjson",
    "anchors.json",
    "signers.json",
    "completeness.json",
    "erasures.ndjson",
    "activity.json",
    "policy.json",
    "report.html",
  ]) {
    // erasures.ndjson of the genuine pack is empty: a byte added changes its hash as well
    if (name === "erasures.ndjson") {
      cases.push({
        name: "a line added to erasures.ndjson",
        file: "byte-erasures-ndjson.zip",
        files: new Map(valid).set(name, new TextEncoder().encode("{}\n")),
        expect: { file: name, line: null, check: "file_hash" },
      });
    } else byte(name);
  }

  const manifest = ctx.manifestOf(valid);
  cases.push({
    name: "the manifest's counts changed, not signed again",
    file: "manifest-changed.zip",
    files: new Map(valid).set(
      "manifest.json",
      jsonFile({ ...manifest, counts: { ...manifest.counts, erased: 1 } }),
    ),
    expect: { file: "manifest.json", line: null, check: "manifest_signature" },
  });
  const stranger = privateKeyToAccount(STRANGER_KEY);
  const byStranger = { ...manifest, signer: stranger.address };
  cases.push({
    name: "the manifest signed by a key that is no attestation key",
    file: "manifest-stranger.zip",
    files: new Map(valid).set(
      "manifest.json",
      jsonFile({ ...byStranger, signature: await stranger.signTypedData(manifestTypedData(byStranger)) }),
    ),
    expect: { file: "manifest.json", line: null, check: "manifest_signature" },
  });

  // sealed over the change: hashes and signature are right, the content is not
  const entries = input.entries;
  const e = (i: number) => entries[i] as Json;
  const resealed = async (
    name: string,
    file: string,
    changed: PackInput,
    expect: Expect,
    edit?: (f: Files) => void,
  ) => {
    const files = ctx.packFiles(changed);
    edit?.(files);
    cases.push({ name, file, files: await seal(changed, files), expect });
  };
  await resealed(
    "entry 5 dropped",
    "drop-entry.zip",
    { ...input, entries: entries.filter((x) => x !== e(2)) },
    {
      file: "entries.ndjson",
      line: 3,
      check: "sequence",
    },
  );
  await resealed(
    "entries 4 and 5 in each other's place",
    "reorder.zip",
    { ...input, entries: [e(0), e(2), e(1), ...entries.slice(3)] },
    {
      file: "entries.ndjson",
      line: 2,
      check: "sequence",
    },
  );
  await resealed(
    "entry 4 carries entry 5's receipt signature",
    "swap-receipt.zip",
    { ...input, entries: entries.map((x) => (x === e(1) ? { ...x, signature: e(2).signature } : x)) },
    {
      file: "entries.ndjson",
      line: 2,
      check: "receipt",
    },
  );
  await resealed(
    "entry 4's data changed",
    "data-changed.zip",
    {
      ...input,
      entries: entries.map((x) =>
        x === e(1)
          ? { ...x, context: { ...(x.context as Json), context_data: { step: 4, task: "wire the funds" } } }
          : x,
      ),
    },
    { file: "entries.ndjson", line: 2, check: "content" },
  );
  await resealed(
    "a proof element of entry 7 changed",
    "merkle-proof.zip",
    {
      ...input,
      entries: entries.map((x) =>
        x === e(4)
          ? {
              ...x,
              merkle_proof: [
                flipHex((x.merkle_proof as string[])[0] as string),
                ...(x.merkle_proof as string[]).slice(1),
              ],
            }
          : x,
      ),
    },
    { file: "entries.ndjson", line: 5, check: "merkle_proof" },
  );
  await resealed(
    "the last entry dropped (the range cut short)",
    "drop-last.zip",
    { ...input, entries: entries.slice(0, -1) },
    {
      file: "completeness.json",
      line: null,
      check: "completeness",
      at: "after",
    },
  );
  await resealed(
    "the range starts after its first entry",
    "range-from.zip",
    { ...input, range: { from: "2026-11-28T23:15:00.000Z", to: "2026-11-29T01:45:00.000Z" } },
    { file: "entries.ndjson", line: 1, check: "entry_scope" },
  );
  await resealed(
    "a period's one entry (10) left out, as if the agent logged nothing",
    "hidden-entry.zip",
    { ...input, entries: [], range: { from: "2026-11-29T01:20:00.000Z", to: "2026-11-29T01:45:00.000Z" } },
    { file: "completeness.json", line: null, check: "completeness", at: "before" },
  );
  const anchors = (f: Files) => json(f.get("anchors.json") as Uint8Array) as { anchors: Json[] };
  await resealed(
    "another receipt of the anchor's block changed",
    "receipts-root.zip",
    input,
    { file: "anchors.json", line: null, check: "receipts_root", at: "anchors[0]" },
    (f) => {
      const a = anchors(f);
      const r = ((a.anchors[0] as Json).receipts as Json[])[0] as Json;
      r.cumulativeGasUsed = "0x5209";
      f.set("anchors.json", jsonFile(a));
    },
  );
  await resealed(
    "the anchor block's timestamp changed",
    "block-hash.zip",
    input,
    { file: "anchors.json", line: null, check: "block_hash", at: "anchors[1].block" },
    (f) => {
      const a = anchors(f);
      const block = (a.anchors[1] as Json).block as Json;
      block.timestamp = `0x${(Number(block.timestamp) + 1).toString(16)}`;
      f.set("anchors.json", jsonFile(a));
    },
  );
  await resealed(
    "a confirmation header left out",
    "confirmations.zip",
    input,
    { file: "anchors.json", line: null, check: "confirmations", at: "anchors[2].headers[0]" },
    (f) => {
      const a = anchors(f);
      ((a.anchors[2] as Json).headers as Json[]).shift();
      f.set("anchors.json", jsonFile(a));
    },
  );
  await resealed(
    "the receipt before the range changed",
    "before-changed.zip",
    input,
    { file: "completeness.json", line: null, check: "completeness", at: "before" },
    (f) => {
      const c = json(f.get("completeness.json") as Uint8Array);
      (c.before as Json).received_at = "2026-11-28T22:50:00.001Z";
      f.set("completeness.json", jsonFile(c));
    },
  );
  await resealed(
    "an erased entry without its erasure record",
    "erasure-missing.zip",
    { ...ctx.erasedInput, erasures: [] },
    {
      file: "entries.ndjson",
      line: 4,
      check: "erasure",
    },
  );
  await resealed(
    "activity counts one entry more",
    "activity.zip",
    input,
    { file: "activity.json", line: null, check: "activity", at: "days[0]" },
    (f) => {
      const a = json(f.get("activity.json") as Uint8Array) as { days: Json[] };
      (a.days[0] as Json).entries = ((a.days[0] as Json).entries as number) + 1;
      f.set("activity.json", jsonFile(a));
    },
  );
  return cases;
}
