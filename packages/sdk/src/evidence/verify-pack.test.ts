// verifyPack against the shared pack vectors (test-vectors/evidence, from a real anvil chain):
// the genuine pack verifies, the erased one verifies without the data of one entry, and each
// tampered pack fails naming the file, line and check of cases.json (held to the log key and
// witness policy the case gives, if any); the verdict says whose log key and witness policy the
// tree heads met.
import { readFileSync } from "node:fs";
import path from "node:path";
import { witnessPolicy } from "@ctxlog/tlog";
import { privateKeyToAccount } from "viem/accounts";
import { manifestTypedData } from "./manifest";
import type { PackManifest } from "./pack-format";
import { readPackZip } from "./read-zip";
import type { TreeHeadEntry } from "./tree-head";
import { verifyPack } from "./verify-pack";
import { packWitnesses, RecordedWitnesses, witnessesPhrase } from "./witnesses";

const dir = path.join(__dirname, "../../../../test-vectors/evidence");
const zip = (file: string) => readPackZip(new Uint8Array(readFileSync(path.join(dir, file))));
interface Case {
  name: string;
  file: string;
  verdict: string;
  erased_sequences: number[];
  witness_policy?: { threshold: number; witnesses: string[] };
  log_key?: string;
  failure: { file: string; line: number | null; at?: string; check: string } | null;
}
const { cases, attestation } = JSON.parse(readFileSync(path.join(dir, "cases.json"), "utf8")) as {
  cases: Case[];
  attestation: string;
};
const utf8 = new TextEncoder();

describe("verifyPack on the shared vectors", () => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_, c) => {
    const given = c.witness_policy;
    const result = await verifyPack(zip(c.file), {
      witnessPolicy: given && witnessPolicy(given.threshold, given.witnesses),
      logKeys: c.log_key === undefined ? undefined : [c.log_key],
    });
    expect(result.verdict).toBe(c.verdict);
    expect(result.erased_sequences).toEqual(c.erased_sequences);
    if (c.failure === null) {
      expect(result.failure).toBeNull();
    } else {
      const { reason, ...where } = result.failure ?? { reason: "" };
      expect(where).toEqual(
        (({ reason: _r, ...rest }) => rest)(c.failure as Case["failure"] & { reason: string }),
      );
      expect(reason).not.toBe("");
    }
  });

  it("covers every kind of tampering the issue names, and each fails", () => {
    const names = cases.map((c) => c.name).join("\n");
    for (const kind of [
      /a byte of entries/,
      /dropped/,
      /each other's place/,
      /receipt signature/,
      /manifest's counts changed/,
      /cosigned/,
      /too few cosignatures/,
      /does not verify/,
      /a witness the policy does not name/,
      /the log's key pinned/,
      /another key of the log's name pinned/,
    ])
      expect(names).toMatch(kind);
    for (const c of cases.filter((k) => k.file.startsWith("tampered/"))) expect(c.verdict).toBe("failed");
  });

  it("says whose witness policy the tree heads met: the given one, else the entries' own", async () => {
    const pack = await verifyPack(zip("valid.zip"));
    expect(pack.witnesses).toEqual({ policy: "pack", threshold: null, witnesses: null, tree_heads: 1 });
    const policy = cases.find((c) => c.witness_policy && c.verdict === "verified")?.witness_policy;
    if (!policy) throw new Error("cases.json holds no verified case with a witness policy");
    const given = await verifyPack(zip("valid.zip"), {
      witnessPolicy: witnessPolicy(policy.threshold, policy.witnesses),
    });
    expect(given.witnesses).toEqual({
      policy: "given",
      threshold: 1,
      witnesses: ["witness.example/w1"],
      tree_heads: 1,
    });
    // no tree head: nothing to hold to a policy, given or not
    expect((await verifyPack(zip("format-1.zip"))).witnesses).toMatchObject({
      policy: "none",
      tree_heads: 0,
    });
    // a policy of none (threshold 0) lets a tree head no witness cosigned verify
    const none = await verifyPack(zip("tampered/witness-none.zip"), { witnessPolicy: witnessPolicy(0, []) });
    expect(none.verdict).toBe("verified");
  });

  it("says a recorded policy of no witnesses asks for none, never that witnesses cosigned", () => {
    const lines = new TextDecoder()
      .decode(zip("valid.zip").get("entries.ndjson"))
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as TreeHeadEntry);
    const entry = lines.find((e) => e.log);
    if (!entry) throw new Error("valid.zip holds no version 4 entry");
    const recorded = new RecordedWitnesses();
    expect(recorded.problem(entry)).toBeNull();
    expect(packWitnesses(undefined, recorded, 1).policy).toBe("pack");
    // a log run without witnesses records a policy of 0 of none
    const alone = new RecordedWitnesses();
    const unwitnessed = { ...entry, log: { ...entry.log, witness_policy: { threshold: 0, witnesses: [] } } };
    expect(alone.problem(unwitnessed as TreeHeadEntry)).toBeNull();
    const w = packWitnesses(undefined, alone, 1);
    expect(w.policy).toBe("none");
    expect(witnessesPhrase(w)).toBe(
      "; witness cosignatures of the tree heads (1) not checked: no policy given, and the pack's asks for none",
    );
  });

  it("says whose log key the tree heads were held to: the given one, else each its own", async () => {
    const key = cases.find((c) => c.log_key && c.verdict === "verified")?.log_key;
    if (!key) throw new Error("cases.json holds no verified case with a log key");
    expect((await verifyPack(zip("valid.zip"))).log_key).toBe("pack");
    const pinned = await verifyPack(zip("valid.zip"), { logKeys: [key] });
    expect(pinned).toMatchObject({ verdict: "verified", log_key: "given" });
    // one of several keys will do (a log whose key was rotated); none of them fails the tree head
    const other = cases.find((c) => c.log_key && c.verdict === "failed")?.log_key as string;
    expect((await verifyPack(zip("valid.zip"), { logKeys: [other, key] })).verdict).toBe("verified");
    const none = await verifyPack(zip("valid.zip"), { logKeys: [] });
    expect(none.failure).toMatchObject({
      at: "anchors[2].tree_head",
      check: "checkpoint_signature",
      reason: expect.stringMatching(/is not one of the given log keys \(none\)$/),
    });
    // no tree head: a pinned key holds nothing, and the pack verifies
    expect(await verifyPack(zip("format-1.zip"), { logKeys: [other] })).toMatchObject({
      verdict: "verified",
      log_key: "given",
    });
    // a key that is none is the caller's error, not the pack's
    await expect(verifyPack(zip("valid.zip"), { logKeys: ["nope"] })).rejects.toThrow(/verifier key/);
  });

  it("gives verified, data unavailable for the one erased entry", async () => {
    const result = await verifyPack(zip("erased.zip"));
    expect(result).toMatchObject({
      verdict: "verified_data_unavailable",
      verified: true,
      erased_sequences: [6],
      entries: 8,
    });
    expect(result.blocks).toHaveLength(3);
  });

  it("holds the manifest's signer to the trusted keys when given", async () => {
    expect((await verifyPack(zip("valid.zip"), { trustedSigners: [attestation] })).verdict).toBe("verified");
    const other = privateKeyToAccount(`0x${"11".repeat(32)}`).address;
    const result = await verifyPack(zip("valid.zip"), { trustedSigners: [other] });
    expect(result.failure).toMatchObject({ file: "manifest.json", check: "manifest_signature" });
  });

  it("names a file missing from the pack, or one it should not hold", async () => {
    const files = zip("valid.zip");
    files.delete("policy.json");
    expect((await verifyPack(files)).failure).toMatchObject({
      file: "pack",
      check: "files",
      reason: "missing policy.json",
    });
    const extra = zip("valid.zip").set("notes.txt", utf8.encode("hi"));
    expect((await verifyPack(extra)).failure).toMatchObject({ file: "pack", check: "files" });
  });

  it("signs the digest of the canonical manifest without its signature, whatever its key order", async () => {
    const manifest = JSON.parse(
      new TextDecoder().decode(zip("valid.zip").get("manifest.json")),
    ) as PackManifest;
    const { signature, ...rest } = manifest;
    const reordered = Object.fromEntries(Object.entries(rest).reverse()) as Omit<PackManifest, "signature">;
    expect(manifestTypedData(reordered).message).toEqual(manifestTypedData(manifest).message);
    const files = zip("valid.zip").set(
      "manifest.json",
      utf8.encode(JSON.stringify({ signature, ...reordered })),
    );
    expect((await verifyPack(files)).verdict).toBe("verified");
  });
});
