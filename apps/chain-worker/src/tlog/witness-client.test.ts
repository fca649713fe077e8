// Unit: the pure parts of the witness client and of TLOG_WITNESSES — the request body as
// tlog-witness has it, a 409's size, a 200's cosignature checked with the witness's key, and the
// list's syntax and what it refuses (the env test has the threshold). Requests to a real witness:
// test/e2e/tlog/witnessed-log.test.ts.
import {
  formatCheckpoint,
  generateNoteKey,
  noteSigner,
  parseSignedNote,
  parseVerifierKey,
  SIGNATURE_TYPE,
  signNote,
} from "@ctxlog/core";
import { parseChainWorkerEnv } from "../env";
import { addCheckpointBody, cosignatureFrom, parseConflictSize } from "./witness-client";
import { defaultWitnessThreshold, parseWitnessList } from "./witness-config";

const logKey = generateNoteKey("example.test/log");
const w1 = generateNoteKey("w1.example", SIGNATURE_TYPE.cosignatureV1);
const w2 = generateNoteKey("w2.example/witness", SIGNATURE_TYPE.cosignatureV1);
const text = formatCheckpoint({
  origin: "example.test/log",
  size: 5,
  rootHash: new Uint8Array(32).fill(9),
  extensions: [],
});
const note = signNote(text, [noteSigner(logKey.signerKey)]);

describe("add-checkpoint", () => {
  it("writes old <size>, the proof's hashes in base64, a blank line and the note", () => {
    const proof = [new Uint8Array(32).fill(1), new Uint8Array(32).fill(2)];
    expect(addCheckpointBody(3, proof, note)).toBe(
      `old 3\n${Buffer.alloc(32, 1).toString("base64")}\n${Buffer.alloc(32, 2).toString("base64")}\n\n${note}`,
    );
    expect(addCheckpointBody(0, [], note)).toBe(`old 0\n\n${note}`);
  });

  it("reads a 409's size: decimal, no leading zeros", () => {
    expect(parseConflictSize("12\n")).toBe(12);
    expect(parseConflictSize("0")).toBe(0);
    for (const bad of ["012\n", "-1", "1 2", "", "x", "99999999999999999999"]) {
      expect(parseConflictSize(bad)).toBeNull();
    }
  });

  it("takes the witness's cosignature line only when it verifies with its key, over that checkpoint", () => {
    const cosigned = signNote(text, [noteSigner(w1.signerKey, () => 1_700_000_000n)]);
    const line = cosigned.slice(cosigned.lastIndexOf("\n\n") + 2);
    const key = parseVerifierKey(w1.verifierKey);
    const found = cosignatureFrom(line, text, key);
    expect(found?.name).toBe("w1.example");
    expect(found?.signature).toHaveLength(72);
    // among other lines, without its final newline
    const other = signNote(text, [noteSigner(w2.signerKey)]);
    expect(
      cosignatureFrom(other.slice(other.lastIndexOf("\n\n") + 2) + line.trimEnd(), text, key),
    ).not.toBeNull();
    // another checkpoint's, another key's, garbage
    expect(cosignatureFrom(line, text.replace("\n5\n", "\n6\n"), key)).toBeNull();
    expect(cosignatureFrom(line, text, parseVerifierKey(w2.verifierKey))).toBeNull();
    expect(cosignatureFrom("not a signature line\n", text, key)).toBeNull();
    expect(parseSignedNote(cosigned).signatures).toHaveLength(1);
  });
});

describe("TLOG_WITNESSES", () => {
  it("reads comma-separated <url>=<verifier key>, each URL a submission prefix", () => {
    const list = parseWitnessList(
      ` https://w1.example/=${w1.verifierKey}, http://127.0.0.1:8080/tlog?x=1=${w2.verifierKey}`,
    );
    expect(list.map((w) => [w.name, w.url.href, w.key.keyId])).toEqual([
      ["w1.example", "https://w1.example/", parseVerifierKey(w1.verifierKey).keyId],
      ["w2.example/witness", "http://127.0.0.1:8080/tlog/?x=1", parseVerifierKey(w2.verifierKey).keyId],
    ]);
    expect(parseWitnessList("")).toEqual([]);
    expect(defaultWitnessThreshold(list)).toBe(1);
    expect(defaultWitnessThreshold([])).toBe(0);
  });

  it("refuses what is not a witness: the log's own key, a bad URL, credentials, one name twice", () => {
    expect(() => parseWitnessList(`https://w1.example/=${logKey.verifierKey}`)).toThrow(
      /not a cosignature\/v1 key/,
    );
    expect(() => parseWitnessList(`https://w1.example/=${w1.signerKey}`)).toThrow(/not a verifier key/);
    expect(() => parseWitnessList(`ftp://w1.example/=${w1.verifierKey}`)).toThrow(/http:\/\/ or https:\/\//);
    expect(() => parseWitnessList(`https://u:p@w1.example/=${w1.verifierKey}`)).toThrow(/no credentials/);
    expect(() => parseWitnessList(`w1.example=${w1.verifierKey}`)).toThrow(/is not a URL/);
    expect(() => parseWitnessList(w1.verifierKey)).toThrow(/not <url>=<verifier key>/);
    expect(() => parseWitnessList(`https://a/=${w1.verifierKey},https://b/=${w1.verifierKey}`)).toThrow(
      /two witnesses are named w1.example/,
    );
  });

  const env = {
    DATABASE_URL: "postgresql://root@127.0.0.1:5432/ctxlog",
    REDIS_URL: "redis://127.0.0.1:6379",
    RPC_URL: "http://127.0.0.1:8545",
    REGISTRY_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    SIGNER_PRIVATE_KEY: `0x${"11".repeat(32)}`,
    TLOG_SIGNING_KEY: logKey.signerKey,
  };
  const two = `https://w1.example/=${w1.verifierKey},https://w2.example/=${w2.verifierKey}`;

  it("takes k from TLOG_WITNESS_THRESHOLD (default 1 with witnesses, 0 without) and refuses k > n at start-up", () => {
    expect(parseChainWorkerEnv(env)).toMatchObject({ TLOG_WITNESSES: [], TLOG_WITNESS_THRESHOLD: 0 });
    expect(parseChainWorkerEnv({ ...env, TLOG_WITNESSES: two }).TLOG_WITNESS_THRESHOLD).toBe(1);
    expect(
      parseChainWorkerEnv({ ...env, TLOG_WITNESSES: two, TLOG_WITNESS_THRESHOLD: "2" })
        .TLOG_WITNESS_THRESHOLD,
    ).toBe(2);
    expect(() => parseChainWorkerEnv({ ...env, TLOG_WITNESSES: two, TLOG_WITNESS_THRESHOLD: "3" })).toThrow(
      /TLOG_WITNESS_THRESHOLD: 3 is more than the 2 witnesses TLOG_WITNESSES lists/,
    );
    expect(() => parseChainWorkerEnv({ ...env, TLOG_WITNESS_THRESHOLD: "1" })).toThrow(
      /TLOG_WITNESS_THRESHOLD: 1 is more than the 0 witnesses/,
    );
    expect(() =>
      parseChainWorkerEnv({ ...env, TLOG_WITNESSES: `https://w1.example/=${logKey.verifierKey}` }),
    ).toThrow(/TLOG_WITNESSES: witness example.test\/log: not a cosignature\/v1 key/);
  });
});
