import { parseSignerKey, parseVerifierKey, signerKeyFromSeed } from "./note-keys";
import { noteSigner, noteVerifier } from "./note-verifiers";
import { openNote, signNote } from "./open-note";

const GO_SKEY = "PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz";
const GO_VKEY = "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW";
const TEXT =
  "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
const GO_NOTE = `${TEXT}\n— PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n`;
const C2SP_NOTE =
  "This is an example message.\n\n— example.com/foo Uw2QOkn8srV1yJGh2VYRlL1Tnagv1YEq6TfXppzi2ONncAlTgK7Ztg1ERYNZXsYjOBH3mFXmRKuwHjG1Yu72IneyaQM=\n";
const C2SP_VKEY = "example.com/foo+530d903a+AekyeRrm56hApGFkyQR4ZCbV54Id2LKaANYcrnKv3U2k";

const other = signerKeyFromSeed("other.example/k", new Uint8Array(32).fill(9));

describe("signing and opening notes", () => {
  it("signs as Go's note.Sign does (Ed25519 is deterministic)", () => {
    expect(signNote(TEXT, [noteSigner(GO_SKEY)])).toBe(GO_NOTE);
  });

  it("opens Go's and C2SP's example notes with their verifier keys", () => {
    expect(openNote(GO_NOTE, [noteVerifier(GO_VKEY)]).verified).toHaveLength(1);
    const c2sp = openNote(C2SP_NOTE, [noteVerifier(C2SP_VKEY)]);
    expect(c2sp.text).toBe("This is an example message.\n");
  });

  it("keeps unknown signatures unchecked, beside the known ones", () => {
    const msg = signNote(TEXT, [noteSigner(other)], openNote(GO_NOTE, [noteVerifier(GO_VKEY)]).verified);
    const opened = openNote(msg, [noteVerifier(GO_VKEY)]);
    expect(opened.verified.map((s) => s.name)).toEqual(["PeterNeumann"]);
    expect(opened.unverified.map((s) => s.name)).toEqual(["other.example/k"]);
  });

  it("a signature with a known key's name but another key ID is someone else's: kept, not checked", () => {
    const impostor = { ...parseVerifierKey(GO_VKEY), keyId: 1 };
    const msg = signNote(TEXT, [{ name: "PeterNeumann", keyId: 1, sign: () => new Uint8Array(64) }]);
    expect(() => openNote(msg, [noteVerifier(GO_VKEY)])).toThrow(
      expect.objectContaining({ reason: "unverified" }),
    );
    expect(impostor.keyId).toBe(1);
  });

  it("refuses the whole note when a known key's signature does not verify", () => {
    const tampered = GO_NOTE.replace("problem,", "problem;");
    expect(() => openNote(tampered, [noteVerifier(GO_VKEY)])).toThrow(
      expect.objectContaining({ reason: "invalid_signature" }),
    );
  });

  it("refuses a note no known key signed, and two known keys that cannot be told apart", () => {
    expect(() => openNote(GO_NOTE, [noteVerifier(C2SP_VKEY)])).toThrow(
      expect.objectContaining({ reason: "unverified" }),
    );
    expect(() => openNote(GO_NOTE, [])).toThrow(expect.objectContaining({ reason: "unverified" }));
    const twin = noteVerifier(GO_VKEY);
    expect(() => openNote(GO_NOTE, [noteVerifier(GO_VKEY), twin])).toThrow(
      expect.objectContaining({ reason: "ambiguous_key" }),
    );
  });

  it("re-signing replaces the signer's earlier signature instead of adding a second", () => {
    const once = openNote(GO_NOTE, [noteVerifier(GO_VKEY)]).verified;
    const again = signNote(TEXT, [noteSigner(parseSignerKey(GO_SKEY))], once);
    expect(again).toBe(GO_NOTE);
  });
});
