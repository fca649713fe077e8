// The witness vectors (witness_cosignatures, C2SP tlog-cosignature): the genuine pack held to a
// given policy it meets and to one it does not (too few cosignatures), and packs sealed over a
// tree head cosigned by no witness, by w1 with a cosignature that does not verify, and by w3, a
// witness no policy names. Each sealed pack is checked twice: against the policy its entries
// record (1 of w1; the failure is the first version 4 entry's) and against the same policy given
// (`--witness-key`; the failure is anchors.json's tree head).
import { formatSignedNote, formatVerifierKey, type NoteSignerKey, parseSignedNote } from "@ctxlog/tlog";
import type { Files } from "./build-pack";
import type { PackInput } from "./generate-evidence";
import type { TamperCase } from "./tamper-cases";
import {
  signedCheckpoint,
  treeHeadRecord,
  type VectorLog,
  WITNESS_2_KEY,
  WITNESS_3_KEY,
  WITNESS_KEY,
} from "./tree-head-log";

type Json = Record<string, unknown>;

/** A witness policy as the verifiers take it: --witness-threshold and each --witness-key. */
export interface GivenWitnessPolicy {
  threshold: number;
  witnesses: string[];
}

/** A vector of the witnesses: a pack, the policy given to the verifier (none: the pack's own), and its outcome. */
export interface WitnessCase extends Omit<TamperCase, "expect"> {
  witness_policy?: GivenWitnessPolicy;
  expect: TamperCase["expect"] | null;
}

interface Ctx {
  valid: Files;
  input: PackInput;
  seal: (input: PackInput, files?: Files) => Promise<Files>;
  packFiles: (input: PackInput) => Files;
  treeHeadTx: string;
  tlog: VectorLog;
}

const policyOf = (threshold: number, keys: NoteSignerKey[]): GivenWitnessPolicy => ({
  threshold,
  witnesses: keys.map((k) => formatVerifierKey(k)),
});
const W1 = policyOf(1, [WITNESS_KEY]);

/** The checkpoint with the last byte of `name`'s signature changed: same key, a signature that does not verify. */
function withCosignatureAltered(checkpoint: string, name: string): string {
  const note = parseSignedNote(checkpoint);
  const signatures = note.signatures.map((s) => {
    if (s.name !== name) return s;
    const signature = new Uint8Array(s.signature);
    signature[signature.length - 1] = (signature[signature.length - 1] as number) ^ 0x01;
    return { ...s, signature };
  });
  return formatSignedNote({ text: note.text, signatures });
}

export async function witnessCases(ctx: Ctx): Promise<WitnessCase[]> {
  const { input, tlog, treeHeadTx } = ctx;
  /** The pack with the tree head's checkpoint (its entries' and anchors.json's alike) replaced. */
  const sealedWith = async (checkpoint: string) => {
    const log = { ...tlog.log, checkpoint };
    const changed: PackInput = {
      ...input,
      entries: input.entries.map((e) => (e.log ? { ...e, log } : e)),
      treeHeads: new Map([[treeHeadTx, treeHeadRecord(log) as Json]]),
    };
    return ctx.seal(changed, ctx.packFiles(changed));
  };
  const atEntry = { file: "entries.ndjson", line: 7, check: "witness_cosignatures" } as const;
  const atTreeHead = {
    file: "anchors.json",
    line: null,
    check: "witness_cosignatures",
    at: "anchors[2].tree_head",
  } as const;
  const cases: WitnessCase[] = [
    {
      name: "the genuine pack held to a given witness policy it meets: 1 of w1",
      file: "valid.zip",
      files: ctx.valid,
      witness_policy: W1,
      expect: null,
    },
    {
      name: "the genuine pack held to a given witness policy of 2 of w1 and w2: too few cosignatures",
      file: "valid.zip",
      files: ctx.valid,
      witness_policy: policyOf(2, [WITNESS_KEY, WITNESS_2_KEY]),
      expect: atTreeHead,
    },
  ];
  const sealed: [string, string, string][] = [
    [
      "a tree head no witness cosigned",
      "witness-none.zip",
      signedCheckpoint(tlog.size, tlog.root, undefined, []),
    ],
    [
      "a tree head whose cosignature by w1 does not verify",
      "witness-bad.zip",
      withCosignatureAltered(signedCheckpoint(tlog.size, tlog.root), "witness.example/w1"),
    ],
    [
      "a tree head cosigned by w3, a witness the policy does not name",
      "witness-unknown.zip",
      signedCheckpoint(tlog.size, tlog.root, undefined, [WITNESS_3_KEY]),
    ],
  ];
  for (const [what, file, checkpoint] of sealed) {
    const files = await sealedWith(checkpoint);
    cases.push(
      { name: `${what}, against the entries' witness_policy (1 of w1)`, file, files, expect: atEntry },
      {
        name: `${what}, the witness policy given: 1 of w1`,
        file,
        files,
        witness_policy: W1,
        expect: atTreeHead,
      },
    );
  }
  return cases;
}
