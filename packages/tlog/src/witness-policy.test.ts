import { formatCheckpoint } from "./checkpoint";
import { formatVerifierKey, SIGNATURE_TYPE, signerKeyFromSeed } from "./note-keys";
import { noteSigner } from "./note-verifiers";
import { openCheckpoint } from "./open-checkpoint";
import { signNote } from "./open-note";
import { parseSignedNote } from "./signed-note";
import { checkWitnessPolicy, witnessPolicy } from "./witness-policy";

const seed = (n: number) => new Uint8Array(32).fill(n);
const log = signerKeyFromSeed("log.example/ctxlog", seed(1));
const witnesses = [2, 3, 4].map((n) =>
  signerKeyFromSeed(`w${n}.example`, seed(n), SIGNATURE_TYPE.cosignatureV1),
);
const witnessKeys = witnesses.map(formatVerifierKey);
const text = formatCheckpoint({
  origin: "log.example/ctxlog",
  size: 10,
  rootHash: new Uint8Array(32).fill(5),
  extensions: [],
});
const checkpoint = signNote(text, [noteSigner(log)]);
const cosign = (msg: string, ...by: typeof witnesses) =>
  signNote(
    text,
    by.map((w) => noteSigner(w, () => 1700000000n)),
    parseSignedNote(msg).signatures,
  );

describe("witness policy (k of n)", () => {
  it("is met once k of the named witnesses have cosigned", () => {
    const policy = witnessPolicy(2, witnessKeys);
    const one = openCheckpoint(
      cosign(checkpoint, witnesses[0] as never),
      { origin: "log.example/ctxlog", key: log },
      policy,
    );
    expect(one.witnesses).toEqual({
      satisfied: false,
      threshold: 2,
      cosignedBy: ["w2.example"],
      missing: ["w3.example", "w4.example"],
    });
    const two = openCheckpoint(
      cosign(checkpoint, witnesses[0] as never, witnesses[2] as never),
      { origin: "log.example/ctxlog", key: log },
      policy,
    );
    expect(two.witnesses?.satisfied).toBe(true);
    expect(two.witnesses?.cosignedBy).toEqual(["w2.example", "w4.example"]);
    expect(two.checkpoint.size).toBe(10);
  });

  it("counts a witness once however often it cosigned, and never a stranger", () => {
    const policy = witnessPolicy(2, witnessKeys);
    const stranger = signerKeyFromSeed("w3.example", seed(9), SIGNATURE_TYPE.cosignatureV1);
    const msg = cosign(cosign(checkpoint, witnesses[0] as never), stranger);
    const opened = openCheckpoint(
      `${msg}${msg.split("\n\n")[1]?.split("\n")[1]}\n`,
      { origin: "log.example/ctxlog", key: log },
      policy,
    );
    expect(opened.witnesses?.cosignedBy).toEqual(["w2.example"]);
    expect(opened.note.unverified.map((s) => s.name)).toEqual(["w3.example"]);
  });

  it("a forged cosignature by a policy witness refuses the checkpoint", () => {
    const msg = cosign(checkpoint, witnesses[0] as never);
    const forged = msg.replace(
      /— w2\.example (\S+)/,
      (_, b64: string) => `— w2.example ${b64.slice(0, 8)}${b64[8] === "A" ? "B" : "A"}${b64.slice(9)}`,
    );
    expect(() =>
      openCheckpoint(forged, { origin: "log.example/ctxlog", key: log }, witnessPolicy(1, witnessKeys)),
    ).toThrow(expect.objectContaining({ reason: "invalid_signature" }));
  });

  it("the log's own signature is required, and the origin must be the log's", () => {
    const witnessOnly = signNote(text, [noteSigner(witnesses[0] as never, () => 1n)]);
    expect(() =>
      openCheckpoint(witnessOnly, { origin: "log.example/ctxlog", key: log }, witnessPolicy(1, witnessKeys)),
    ).toThrow(expect.objectContaining({ reason: "unverified" }));
    expect(() => openCheckpoint(checkpoint, { origin: "other.example", key: log })).toThrow(/another log/);
    expect(openCheckpoint(checkpoint, { origin: "log.example/ctxlog", key: log }).witnesses).toBeNull();
  });

  it("refuses policies that could never be met or name a witness twice", () => {
    expect(() => witnessPolicy(4, witnessKeys)).toThrow(
      expect.objectContaining({ reason: "invalid_argument" }),
    );
    expect(() => witnessPolicy(-1, witnessKeys)).toThrow(
      expect.objectContaining({ reason: "invalid_argument" }),
    );
    expect(() => witnessPolicy(1, [witnessKeys[0] as string, witnessKeys[0] as string])).toThrow(/same name/);
    expect(() => witnessPolicy(1, [formatVerifierKey(log)])).toThrow(/type 0x04/);
    expect(() => witnessPolicy(1, ["nonsense"])).toThrow(
      expect.objectContaining({ reason: "invalid_argument", cause: expect.anything() }),
    );
    expect(checkWitnessPolicy(witnessPolicy(0, []), []).satisfied).toBe(true);
  });
});
