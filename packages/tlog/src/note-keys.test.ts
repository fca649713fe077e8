import {
  formatSignerKey,
  formatVerifierKey,
  generateNoteKey,
  isValidKeyName,
  keyId,
  parseSignerKey,
  parseVerifierKey,
  SIGNATURE_TYPE,
  signerKeyFromSeed,
} from "./note-keys";

// Published examples: Go's sumdb/note example_test.go and C2SP signed-note's verifier key
const GO_SKEY = "PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz";
const GO_VKEY = "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW";
const C2SP_VKEY = "example.com/foo+530d903a+AekyeRrm56hApGFkyQR4ZCbV54Id2LKaANYcrnKv3U2k";
const invalid = (reason: string) => expect.objectContaining({ reason });

describe("note keys", () => {
  it("reads Go's example signer key and derives its verifier key", () => {
    const key = parseSignerKey(GO_SKEY);
    expect(key).toMatchObject({ name: "PeterNeumann", keyId: 0xc74f20a3, type: SIGNATURE_TYPE.ed25519 });
    expect(formatVerifierKey(key)).toBe(GO_VKEY);
    expect(formatSignerKey(key)).toBe(GO_SKEY);
  });

  it("reads C2SP's example verifier key, checking its key ID", () => {
    const key = parseVerifierKey(C2SP_VKEY);
    expect(key.name).toBe("example.com/foo");
    expect(key.keyId).toBe(keyId("example.com/foo", 1, key.publicKey));
    expect(formatVerifierKey(key)).toBe(C2SP_VKEY);
  });

  it("a cosignature key (type 0x04) has another key ID for the same name and key", () => {
    const seed = new Uint8Array(32).fill(4);
    const log = signerKeyFromSeed("w.example/1", seed);
    const witness = signerKeyFromSeed("w.example/1", seed, SIGNATURE_TYPE.cosignatureV1);
    expect(witness.publicKey).toEqual(log.publicKey);
    expect(witness.keyId).not.toBe(log.keyId);
    expect(formatVerifierKey(witness)).toMatch(/^w\.example\/1\+[0-9a-f]{8}\+B/);
    expect(parseVerifierKey(formatVerifierKey(witness)).type).toBe(SIGNATURE_TYPE.cosignatureV1);
  });

  it("generates key pairs in Go's form", () => {
    const { signerKey, verifierKey } = generateNoteKey("ctxlog.example/log");
    expect(formatVerifierKey(parseSignerKey(signerKey))).toBe(verifierKey);
    expect(signerKey.startsWith("PRIVATE+KEY+ctxlog.example/log+")).toBe(true);
  });

  it("key names: non-empty, no Unicode space, no plus", () => {
    expect(isValidKeyName("example.com/log42")).toBe(true);
    expect(isValidKeyName("é😀")).toBe(true);
    for (const bad of ["", "a b", "a\u00a0b", "a\u2028b", "a\u3000b", "a\u0085b", "a+b", "a\ud800b"]) {
      expect(isValidKeyName(bad)).toBe(false);
    }
  });

  it.each([
    ["a wrong key ID", "PeterNeumann+c74f20a4+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW", "malformed"],
    ["upper-case hex", "PeterNeumann+C74F20A3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW", "malformed"],
    [
      "an unknown signature type",
      "PeterNeumann+173116ae+ZRpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW",
      "malformed",
    ],
    [
      "a key of the wrong length",
      "PeterNeumann+cc469956+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TWBADKEY==",
      "malformed",
    ],
    [
      "base64 with junk in it",
      "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW!",
      "malformed",
    ],
    [
      "a plus in the name",
      "Peter+Neumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW",
      "malformed",
    ],
    ["two parts", "PeterNeumann+c74f20a3", "malformed"],
    ["a very long string", `${"a".repeat(2000)}+c74f20a3+AA==`, "too_large"],
  ])("refuses a verifier key with %s", (_, vkey, reason) => {
    expect(() => parseVerifierKey(vkey)).toThrow(invalid(reason));
  });

  it("refuses signer keys that are not PRIVATE+KEY, or whose key ID is another key's, naming no secret", () => {
    expect(() => parseSignerKey(GO_VKEY)).toThrow(invalid("malformed"));
    const wrongId = GO_SKEY.replace("c74f20a3", "c74f20a4");
    let message = "";
    try {
      parseSignerKey(wrongId);
    } catch (error) {
      message = String((error as Error).message);
    }
    expect(message).toBe("signer key ID does not match its name and key");
    expect(() => signerKeyFromSeed("x", new Uint8Array(31))).toThrow(invalid("invalid_argument"));
    expect(() => signerKeyFromSeed("a b", new Uint8Array(32))).toThrow(invalid("invalid_argument"));
  });
});
