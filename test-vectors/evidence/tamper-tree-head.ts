// The tampered packs of a tree-head anchor (pack format 2, issue 43), each sealed over its lie:
// an inclusion proof node flipped, the checkpoint signed by a key that is not the log's, the log
// signing a checkpoint whose size is not the count anchored, one of another root, an entry whose
// log is not its anchor's; and a manifest of a format no verifier reads.
import { manifestTypedData, type PackManifest } from "@ctxlog/sdk";
import { bytesToHex, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { type Files, jsonFile } from "./build-pack";
import type { PackInput } from "./generate-evidence";
import type { TamperCase } from "./tamper-cases";
import { FORGER_KEY, signedCheckpoint, treeHeadRecord, type VectorLog } from "./tree-head-log";

type Json = Record<string, unknown>;

interface Ctx {
  valid: Files;
  manifestOf: (files: Files) => PackManifest;
  attestationKey: Hex;
  input: PackInput;
  seal: (input: PackInput, files?: Files) => Promise<Files>;
  packFiles: (input: PackInput) => Files;
  /** the transaction that anchored the log's tree head (anchors[2] of the pack) */
  treeHeadTx: string;
  tlog: VectorLog;
}

const flipHex = (hex: string) => `${hex.slice(0, -1)}${hex.endsWith("0") ? "1" : "0"}`;

export async function tamperTreeHeadCases(ctx: Ctx): Promise<TamperCase[]> {
  const { input, seal, treeHeadTx, tlog } = ctx;
  const cases: TamperCase[] = [];
  const resealed = async (name: string, file: string, changed: PackInput, expect: TamperCase["expect"]) => {
    cases.push({ name, file, files: await seal(changed, ctx.packFiles(changed)), expect });
  };
  /** The pack with the tree head's log (its entries' and anchors.json's alike) given `checkpoint` and `size`. */
  const withCheckpoint = (checkpoint: string, size: number): PackInput => {
    const log = { ...tlog.log, checkpoint, tree_size: size, anchored_tree_size: size };
    return {
      ...input,
      entries: input.entries.map((e) => (e.log ? { ...e, log } : e)),
      treeHeads: new Map([[treeHeadTx, treeHeadRecord(log) as Json]]),
    };
  };
  const at = "anchors[2].tree_head";

  await resealed(
    "a node of entry 9's RFC 6962 inclusion proof flipped",
    "tree-head-inclusion.zip",
    {
      ...input,
      entries: input.entries.map((e) =>
        e.sequence === 9
          ? {
              ...e,
              merkle_proof: [
                flipHex((e.merkle_proof as string[])[0] as string),
                ...(e.merkle_proof as string[]).slice(1),
              ],
            }
          : e,
      ),
    },
    { file: "entries.ndjson", line: 7, check: "merkle_proof" },
  );
  await resealed(
    "the tree head's checkpoint signed by a key that is not the log's",
    "tree-head-forged.zip",
    withCheckpoint(signedCheckpoint(tlog.size, tlog.root, FORGER_KEY), tlog.size),
    { file: "anchors.json", line: null, check: "checkpoint_signature", at },
  );
  await resealed(
    "the log signed a checkpoint of one leaf less than the count anchored",
    "tree-head-count.zip",
    withCheckpoint(signedCheckpoint(tlog.size - 1, tlog.root), tlog.size - 1),
    { file: "anchors.json", line: null, check: "anchored_log", at },
  );
  const otherRoot = bytesToHex(new Uint8Array(32).fill(0xab)) as Hex;
  await resealed(
    "the log signed a checkpoint of a root the transaction did not anchor",
    "tree-head-root.zip",
    withCheckpoint(signedCheckpoint(tlog.size, otherRoot), tlog.size),
    { file: "anchors.json", line: null, check: "anchored_log", at },
  );
  await resealed(
    "entry 9's log carries a checkpoint other than its anchor's tree head",
    "tree-head-entry-log.zip",
    {
      ...input,
      entries: input.entries.map((e) =>
        e.sequence === 9
          ? {
              ...e,
              log: {
                ...(e.log as Json),
                checkpoint: signedCheckpoint(tlog.size, tlog.root, FORGER_KEY),
              },
            }
          : e,
      ),
    },
    { file: "entries.ndjson", line: 7, check: "anchor_reference" },
  );
  await resealed(
    "entry 9 without its log",
    "tree-head-no-log.zip",
    {
      ...input,
      entries: input.entries.map((e) => {
        if (e.sequence !== 9) return e;
        const { log: _, ...rest } = e;
        return rest;
      }),
    },
    { file: "entries.ndjson", line: 7, check: "entry_shape" },
  );
  await resealed(
    "the tree head's record without its checkpoint",
    "tree-head-shape.zip",
    {
      ...input,
      treeHeads: new Map([[treeHeadTx, { ...treeHeadRecord(tlog.log), checkpoint: undefined } as Json]]),
    },
    { file: "anchors.json", line: null, check: "anchor_shape", at },
  );
  // signed by the attestation key, so only the format is wrong
  const attestation = privateKeyToAccount(ctx.attestationKey);
  const { signature: _, ...unsigned } = ctx.manifestOf(ctx.valid);
  const future = { ...unsigned, format: "ctxlog-evidence/3" } as unknown as Omit<PackManifest, "signature">;
  cases.push({
    name: "a manifest of format 3, which no verifier reads yet",
    file: "format-3.zip",
    files: new Map(ctx.valid).set(
      "manifest.json",
      jsonFile({ ...future, signature: await attestation.signTypedData(manifestTypedData(future)) }),
    ),
    expect: { file: "manifest.json", line: null, check: "manifest" },
  });
  return cases;
}
