// A second check of the transparency log's vectors (test-vectors/tlog, issue 43) by an
// implementation ctxlog did not write: sigstore-js, whose @sigstore/verify checks Rekor v2's
// RFC 6962 inclusion proofs against signed-note checkpoints. Its verifyTLogInclusion is not
// exported from the package's index (no exports map, so the dist path is reachable): it checks
// the checkpoint's note signature with the log's key (verifyCheckpoint), then the inclusion
// proof against the checkpoint's root (verifyMerkleInclusion).
import { createPublicKey } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { VerificationError } from "@sigstore/verify";
import { verifyTLogInclusion } from "@sigstore/verify/dist/tlog";

const vectors = (name: string) =>
  JSON.parse(readFileSync(path.join(__dirname, "../../../test-vectors/tlog", name), "utf8"));
const tree = vectors("tree.json") as {
  leaves: string[];
  inclusion_proofs: { index: number; size: number; proof: string[] }[];
};
const cps = vectors("checkpoints.json") as {
  origin: string;
  log: { verifier_key: string; public_key: string };
  witnesses: { verifier_key: string; public_key: string }[];
  checkpoints: { size: number; root: string; signed: string; cosigned: string }[];
};

// RFC 8410 SubjectPublicKeyInfo of a raw Ed25519 key
const ed25519Key = (hex: string) =>
  createPublicKey({
    key: Buffer.concat([Buffer.from("302a300506032b6570032100", "hex"), Buffer.from(hex, "hex")]),
    format: "der",
    type: "spki",
  });
/** The key ID of a verifier key (name+<key ID hex>+key): what a note signature line starts with. */
const keyIdOf = (vkey: string) => Buffer.from(vkey.split("+")[1] as string, "hex");

// sigstore matches a signature line to a log by its 4-byte key hint (the first bytes of logID) and
// by its key name appearing in the log's base URL
const authority = (vkey: string, publicKeyHex: string) => ({
  logID: keyIdOf(vkey),
  baseURL: `https://${cps.origin}`,
  publicKey: ed25519Key(publicKeyHex),
  validFor: { start: new Date(0), end: new Date(8.64e15) },
});
const log = authority(cps.log.verifier_key, cps.log.public_key);

function entry(index: number, size: number, envelope: string, proof?: string[]) {
  const p = proof ?? tree.inclusion_proofs.find((x) => x.index === index && x.size === size)?.proof;
  if (!p) throw new Error(`no inclusion proof of ${index} in ${size} in the vectors`);
  return {
    logId: { keyId: log.logID },
    canonicalizedBody: Buffer.from(tree.leaves[index] as string, "hex"),
    inclusionProof: {
      logIndex: String(index),
      treeSize: String(size),
      rootHash: Buffer.alloc(32),
      hashes: p.map((h) => Buffer.from(h, "hex")),
      checkpoint: { envelope },
    },
  } as never;
}

describe("test-vectors/tlog against sigstore-js (@sigstore/verify)", () => {
  it("verifies each checkpoint's note signature and inclusion proofs against its root", () => {
    for (const cp of cps.checkpoints) {
      for (const index of [0, 1, 255, 256, 300, cp.size - 1]) {
        expect(() => verifyTLogInclusion(entry(index, cp.size, cp.signed), [log])).not.toThrow();
        // the witnesses' cosignatures are signatures sigstore does not know: ignored
        expect(() => verifyTLogInclusion(entry(index, cp.size, cp.cosigned), [log])).not.toThrow();
      }
    }
  });

  it("refuses a proof with a changed hash, or for another leaf", () => {
    const cp = cps.checkpoints[0] as (typeof cps.checkpoints)[number];
    const good = tree.inclusion_proofs.find((x) => x.index === 300 && x.size === cp.size)?.proof as string[];
    const bad = [`${good[0]?.startsWith("0") ? "1" : "0"}${good[0]?.slice(1)}`, ...good.slice(1)];
    expect(() => verifyTLogInclusion(entry(300, cp.size, cp.signed, bad), [log])).toThrow(VerificationError);
    expect(() => verifyTLogInclusion(entry(301, cp.size, cp.signed, good), [log])).toThrow(VerificationError);
  });

  it("refuses a checkpoint that another key signed, or whose size was changed", () => {
    const cp = cps.checkpoints[0] as (typeof cps.checkpoints)[number];
    const witness = cps.witnesses[0] as (typeof cps.witnesses)[number];
    const stranger = { ...log, publicKey: ed25519Key(witness.public_key) };
    expect(() => verifyTLogInclusion(entry(0, cp.size, cp.signed), [stranger])).toThrow(
      /invalid checkpoint signature/,
    );
    const resized = cp.signed.replace(`\n${cp.size}\n`, `\n${cp.size + 1}\n`);
    expect(() => verifyTLogInclusion(entry(0, cp.size, resized), [log])).toThrow(
      /invalid checkpoint signature/,
    );
  });
});
