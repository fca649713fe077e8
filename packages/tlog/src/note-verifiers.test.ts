import { readUint64 } from "./bytes";
import { ed25519Verify, SIGNATURE_TYPE, signerKeyFromSeed } from "./note-keys";
import {
  cosignatureTimestamp,
  cosignedMessage,
  MAX_COSIGNATURE_TIMESTAMP,
  noteSigner,
  noteVerifier,
} from "./note-verifiers";

const TEXT = Buffer.from(
  "example.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n",
);
const witness = signerKeyFromSeed(
  "witness.example/w1",
  new Uint8Array(32).fill(7),
  SIGNATURE_TYPE.cosignatureV1,
);

describe("cosignature/v1 (tlog-cosignature, Ed25519)", () => {
  it("signs the header, the time line and the note text; the signature is the time then Ed25519", () => {
    expect(Buffer.from(cosignedMessage(1679315147n, TEXT)).toString()).toBe(
      "cosignature/v1\ntime 1679315147\nexample.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n",
    );
    const signature = noteSigner(witness, () => 1679315147n).sign(TEXT);
    expect(signature).toHaveLength(72);
    expect(readUint64(signature, 0)).toBe(1679315147n);
    expect(cosignatureTimestamp(signature)).toBe(1679315147n);
    expect(ed25519Verify(witness.publicKey, cosignedMessage(1679315147n, TEXT), signature.subarray(8))).toBe(
      true,
    );
    expect(noteVerifier(witness).verify(TEXT, signature)).toBe(true);
  });

  it("refuses a cosignature whose time was changed, or that is a plain note signature", () => {
    const signature = noteSigner(witness, () => 100n).sign(TEXT);
    const moved = new Uint8Array(signature);
    moved[7] = 101;
    expect(noteVerifier(witness).verify(TEXT, moved)).toBe(false);
    const log = signerKeyFromSeed("witness.example/w1", new Uint8Array(32).fill(7));
    expect(noteVerifier(witness).verify(TEXT, noteSigner(log).sign(TEXT))).toBe(false);
    expect(noteVerifier(log).verify(TEXT, signature)).toBe(false);
    expect(cosignatureTimestamp(signature.subarray(1))).toBeNull();
  });

  it("refuses timestamps past 2^63 − 1, signing or verifying", () => {
    expect(() => noteSigner(witness, () => MAX_COSIGNATURE_TIMESTAMP + 1n).sign(TEXT)).toThrow(
      expect.objectContaining({ reason: "invalid_argument" }),
    );
    const signature = noteSigner(witness, () => 5n).sign(TEXT);
    const far = new Uint8Array(signature);
    far[0] = 0x80;
    expect(noteVerifier(witness).verify(TEXT, far)).toBe(false);
  });
});
