// The tampered packs of a tree-head anchor (pack format 2, issue 43), each sealed over its lie:
// an inclusion proof node flipped, the checkpoint signed by a key that is not the log's, the log
// signing a checkpoint whose size is not the count anchored, and one of another root.
import { bytesToHex, type Hex } from "viem";
import type { Files } from "./build-pack";
import type { PackInput } from "./generate-evidence";
import type { TamperCase } from "./tamper-cases";
import { FORGER_KEY, signedCheckpoint, treeHeadRecord, type VectorLog } from "./tree-head-log";

type Json = Record<string, unknown>;

interface Ctx {
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
  return cases;
}
