// Where node:crypto is a bundler's empty stand-in (a browser), crypto.ts falls back to @noble's
// pure JavaScript: the same SHA-256 and the same strict Ed25519, held here to RFC 6234's and RFC
// 8032's vectors and to the shared checkpoint vectors (signed with node:crypto).
jest.mock("node:crypto", () => ({}));

import { readFileSync } from "node:fs";
import path from "node:path";
import { ed25519PublicKeyOf, ed25519SignWithSeed, ed25519VerifyRaw, sha256 } from "./crypto";
import { parseVerifierKey } from "./note-keys";
import { noteVerifier } from "./note-verifiers";
import { openNote } from "./open-note";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const bytes = (h: string) => new Uint8Array(Buffer.from(h, "hex"));

it("hashes with SHA-256 (FIPS 180-2 'abc', and in parts)", () => {
  expect(hex(sha256(new TextEncoder().encode("abc")))).toBe(
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
  expect(hex(sha256(bytes("61"), bytes("6263")))).toBe(hex(sha256(bytes("616263"))));
});

it("signs and verifies Ed25519 as RFC 8032 §7.1 test 1 gives, and refuses a changed byte", () => {
  const seed = bytes("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");
  const publicKey = ed25519PublicKeyOf(seed);
  expect(hex(publicKey)).toBe("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
  const signature = ed25519SignWithSeed(seed, new Uint8Array());
  expect(hex(signature)).toBe(
    "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
  );
  expect(ed25519VerifyRaw(publicKey, new Uint8Array(), signature)).toBe(true);
  const changed = Uint8Array.from(signature);
  changed[10] = (changed[10] as number) ^ 1;
  expect(ed25519VerifyRaw(publicKey, new Uint8Array(), changed)).toBe(false);
});

it("opens the shared vectors' checkpoints, signed with node:crypto", () => {
  const vectors = JSON.parse(
    readFileSync(path.join(__dirname, "..", "..", "..", "test-vectors", "tlog", "checkpoints.json"), "utf8"),
  );
  const key = parseVerifierKey(vectors.log.verifier_key);
  for (const checkpoint of vectors.checkpoints) {
    const opened = openNote(checkpoint.signed, [noteVerifier(key)]);
    expect(opened.verified.map((s) => s.name)).toEqual([key.name]);
  }
});
