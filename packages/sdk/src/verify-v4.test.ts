// Proof bundle version 4 (the transparency log), its offline checks: bundles built here from
// bundles.json's genuine version 3 bundle, its entry hash placed among tree.json's leaves in a log
// whose checkpoint is signed with a fresh note key and cosigned by two fresh witnesses (as the
// Python client's test_tlog_bundle.py does with the vectors' keys). The chain checks need a node:
// the stack test covers them once the API emits version 4.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  formatCheckpoint,
  generateNoteKey,
  MemoryTree,
  type NoteSigner,
  noteSigner,
  parseVerifierKey,
  proveConsistency,
  proveInclusion,
  SIGNATURE_TYPE,
  signNote,
  treeHash,
  witnessPolicy,
} from "@ctxlog/tlog";
import { type CliIO, main } from "./cli";
import type { LogTrust } from "./log-checks";
import { offlineChecks, V4_CHECK_NAMES } from "./offline-checks";
import { checkProofBundle } from "./proof-bundle";
import { verdictOf } from "./verdict";

const vectors = (name: string) =>
  JSON.parse(readFileSync(path.join(__dirname, "../../../test-vectors", name), "utf8"));
type Bundle = Record<string, unknown> & { log: Record<string, unknown>; merkle_proof: string[] };

const V3 = (vectors("bundles.json").cases as { name: string; bundle: Record<string, unknown> }[]).find(
  (c) => c.name === "version 3, genuine",
)?.bundle as Record<string, unknown>;
const LEAVES = (vectors("tlog/tree.json").leaves as string[]).map((h) => Buffer.from(h, "hex"));
const ORIGIN = "ctxlog.example/sdk-v4-test";
const LOG = generateNoteKey(ORIGIN);
const WITNESSES = ["witness1.example/w", "witness2.example/w"].map((name) =>
  generateNoteKey(name, SIGNATURE_TYPE.cosignatureV1),
);
const WITNESS_KEYS = WITNESSES.map((w) => w.verifierKey);
const COSIGNERS = WITNESSES.map((w) => noteSigner(w.signerKey, () => 1764460800n));
const OFFLINE = V4_CHECK_NAMES.slice(0, 7);
const hexes = (hashes: Uint8Array[]) => hashes.map((h) => `0x${Buffer.from(h).toString("hex")}`);

/** A version 4 bundle: its entry hash is leaf `index` of a log of `size` leaves, anchored at `anchored`. */
function makeV4(index = 300, size = 600, anchored = 500, cosigners: NoteSigner[] = COSIGNERS, threshold = 2) {
  const leaves = LEAVES.slice(0, Math.max(size, anchored));
  leaves[index] = Buffer.from((V3.entry_hash as string).slice(2), "hex");
  const tree = MemoryTree.fromLeaves(leaves);
  const text = formatCheckpoint({
    origin: ORIGIN,
    size,
    rootHash: treeHash(size, tree.hashAt),
    extensions: [],
  });
  const [older, newer] = [Math.min(size, anchored), Math.max(size, anchored)];
  return {
    ...structuredClone(V3),
    version: 4,
    merkle_algorithm: "RFC6962-SHA256",
    leaf_index: index,
    merkle_proof: hexes(proveInclusion(index, size, tree.hashAt)),
    merkle_root: hexes([treeHash(anchored, tree.hashAt)])[0],
    log: {
      origin: ORIGIN,
      verifier_key: LOG.verifierKey,
      tree_size: size,
      checkpoint: signNote(text, [noteSigner(LOG.signerKey), ...cosigners]),
      witness_policy: { threshold, witnesses: WITNESS_KEYS },
      anchored_tree_size: anchored,
      consistency_proof: hexes(proveConsistency(older, newer, tree.hashAt)),
    },
  } as Bundle;
}

const GENUINE = makeV4();

async function checks(bundle: unknown, trust: LogTrust = {}) {
  return Object.fromEntries((await offlineChecks(bundle, undefined, trust)).map((c) => [c.name, c]));
}
async function failed(bundle: unknown, trust: LogTrust = {}) {
  return Object.values(await checks(bundle, trust))
    .filter((c) => !c.ok)
    .map((c) => c.name)
    .sort();
}
/** A copy of `bundle` with the value at `at` (a path of keys) replaced. */
function changed(at: string[], value: unknown, bundle: Bundle = GENUINE): Bundle {
  const out = structuredClone(bundle);
  let target = out as Record<string, unknown>;
  for (const key of at.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[at[at.length - 1] as string] = value;
  return out;
}

describe("proof bundle version 4: offline checks", () => {
  it.each([
    ["anchored older", 300, 600, 500],
    ["anchored is the checkpoint", 300, 600, 600],
    ["anchored newer", 300, 500, 600],
    ["one leaf", 0, 1, 1],
    ["last leaf", 599, 600, 600],
  ])("a genuine bundle passes every offline check: %s", async (_, index, size, anchored) => {
    const bundle = makeV4(index, size, anchored);
    const result = await offlineChecks(bundle);
    expect(result.map((c) => c.name)).toEqual(OFFLINE);
    expect(result.filter((c) => !c.ok)).toEqual([]);
    expect(verdictOf(result)).toBe("verified");
    // empty exactly when the anchored tree is the checkpoint's
    expect((bundle.log.consistency_proof as string[]).length === 0).toBe(size === anchored);
  });

  it("trusts the caller's log key and witness policy when given, and says whose it used", async () => {
    const pinned = await checks(GENUINE, {
      logKey: LOG.verifierKey,
      witnessPolicy: witnessPolicy(2, WITNESS_KEYS),
    });
    expect(Object.values(pinned).every((c) => c.ok)).toBe(true);
    expect(pinned.checkpoint_signature?.reason).toContain("the given log key");
    expect(pinned.witness_cosignatures?.reason).toContain("the given policy");
    expect((await checks(GENUINE)).checkpoint_signature?.reason).toContain("the bundle's log key");
    // another log key: the checkpoint is not that log's, whatever the bundle names
    const another = generateNoteKey(ORIGIN).verifierKey;
    expect(await failed(GENUINE, { logKey: another })).toEqual([
      "checkpoint_signature",
      "witness_cosignatures",
    ]);
    const renamed = changed(["log", "verifier_key"], another);
    expect(await failed(renamed, { logKey: parseVerifierKey(LOG.verifierKey) })).toEqual([]);
    // a witness's key (type 0x04) is no log key
    expect(await failed(GENUINE, { logKey: WITNESS_KEYS[0] })).toEqual([
      "checkpoint_signature",
      "witness_cosignatures",
    ]);
  });

  it("holds the checkpoint to the witness policy", async () => {
    const one = makeV4(300, 600, 500, COSIGNERS.slice(1));
    expect(await failed(one)).toEqual(["witness_cosignatures"]);
    expect((await checks(one)).witness_cosignatures?.reason).toContain("missing: witness1.example/w");
    expect(await failed(one, { witnessPolicy: witnessPolicy(1, WITNESS_KEYS) })).toEqual([]);
    // a policy of none, met by none; the caller's 1-of-1 is not
    const none = makeV4(300, 600, 500, [], 0);
    expect(await failed(none)).toEqual([]);
    expect(await failed(none, { witnessPolicy: witnessPolicy(1, WITNESS_KEYS.slice(0, 1)) })).toEqual([
      "witness_cosignatures",
    ]);
    expect(await failed(changed(["log", "witness_policy", "threshold"], 3))).toEqual([
      "witness_cosignatures",
    ]);
    expect(await failed(changed(["log", "witness_policy"], null))).toEqual(["witness_cosignatures"]);
    // a cosignature changed: refused, not counted
    const note = GENUINE.log.checkpoint as string;
    const at = note.lastIndexOf("— ") + 40;
    const broken = changed(
      ["log", "checkpoint"],
      `${note.slice(0, at)}${note[at] === "A" ? "B" : "A"}${note.slice(at + 1)}`,
    );
    expect(await failed(broken)).toEqual(["witness_cosignatures"]);
    expect((await checks(broken)).witness_cosignatures?.reason).toContain("does not verify");
  });

  it("fails only the check a hostile change breaks", async () => {
    const proof = GENUINE.merkle_proof;
    const p2 = proof[2] as string;
    const flipped = [
      ...proof.slice(0, 2),
      `0x${(Number.parseInt(p2.slice(2, 4), 16) ^ 1).toString(16).padStart(2, "0")}${p2.slice(4)}`,
      ...proof.slice(3),
    ];
    expect(await failed(changed(["merkle_proof"], flipped))).toEqual(["merkle_proof"]);
    expect(await failed(changed(["merkle_proof"], [...proof, proof[0]]))).toEqual(["merkle_proof"]);
    const long = Array.from({ length: 7 }, () => proof).flat();
    expect((await checks(changed(["merkle_proof"], long))).merkle_proof?.reason).toContain(
      "more than 64 hashes",
    );
    expect(await failed(changed(["leaf_index"], 301))).toEqual(["merkle_proof"]);
    expect((await checks(changed(["leaf_index"], "300"))).merkle_proof?.reason).toContain(
      "leaf_index must be",
    );
    expect(await failed(changed(["merkle_algorithm"], "sorted-pair-keccak256"))).toEqual(["merkle_proof"]);
    // the leaf is the entry hash recomputed from the receipt's fields
    expect(await failed(changed(["sequence"], (V3.sequence as number) + 1))).toContain("merkle_proof");
    // the checkpoint: a byte of its text, its origin, its size
    const note = GENUINE.log.checkpoint as string;
    const resized = changed(["log", "checkpoint"], note.replace("\n600\n", "\n601\n"));
    expect(await failed(resized)).toContain("checkpoint_signature");
    expect(await failed(changed(["log", "origin"], "ctxlog.example/another"))).toEqual([
      "checkpoint_signature",
      "witness_cosignatures",
    ]);
    // a size of the same shape still proves the leaf: the signed size must be log.tree_size
    expect(await failed(changed(["log", "tree_size"], 601))).toEqual(["checkpoint_signature"]);
    // the anchored tree
    const cons = GENUINE.log.consistency_proof as string[];
    expect(await failed(changed(["log", "consistency_proof"], [...cons].reverse()))).toEqual([
      "log_consistency",
    ]);
    expect(await failed(changed(["log", "consistency_proof"], cons.slice(0, -1)))).toEqual([
      "log_consistency",
    ]);
    expect(await failed(changed(["merkle_root"], `0x${"11".repeat(32)}`))).toEqual(["log_consistency"]);
    expect(await failed(changed(["log", "anchored_tree_size"], 499))).toEqual(["log_consistency"]);
    const unheld = makeV4(300, 600, 300);
    expect(await failed(unheld)).toEqual(["log_consistency"]);
    expect((await checks(unheld)).log_consistency?.reason).toContain("does not hold leaf_index 300");
    const equal = makeV4(300, 600, 600);
    expect(await failed(changed(["merkle_root"], `0x${"11".repeat(32)}`, equal))).toEqual([
      "log_consistency",
    ]);
    expect(await failed(changed(["log", "consistency_proof"], cons, equal))).toEqual(["log_consistency"]);
  });

  it.each([
    ["missing", undefined],
    ["a string", "x"],
    ["empty", {}],
    ["partial", { origin: ORIGIN }],
  ])("a malformed log (%s) fails its checks and throws nothing", async (_, log) => {
    const result = await checks(changed(["log"], log));
    expect(
      Object.values(result)
        .filter((c) => !c.ok)
        .map((c) => c.name)
        .sort(),
    ).toEqual(["checkpoint_signature", "log_consistency", "merkle_proof", "witness_cosignatures"]);
    expect(result.checkpoint_signature?.reason).toContain("log");
  });

  it("an erased version 4 bundle still proves what was logged", async () => {
    const erased = changed(["canonical_context"], null);
    erased.data_erased_at = "2026-11-30T00:00:00.000Z";
    (erased.context as Record<string, unknown>).context_data = null;
    const result = await offlineChecks(erased);
    expect(result.filter((c) => c.unavailable).map((c) => c.name)).toEqual([
      "canonical_context",
      "hash_matches",
    ]);
    expect(verdictOf(result)).toBe("verified_data_unavailable");
  });
});

describe("proof bundle version 4: checkProofBundle", () => {
  it("accepts its shape and refuses one without log or with a batch's algorithm", () => {
    expect(checkProofBundle(GENUINE).ok).toBe(true);
    expect(checkProofBundle(V3).ok).toBe(true);
    const { log: _, ...withoutLog } = GENUINE;
    expect(checkProofBundle(withoutLog)).toEqual({
      ok: false,
      problems: ["log is missing (a version 4 bundle carries the log's checkpoint and proofs)"],
    });
    expect(checkProofBundle(changed(["log", "tree_size"], 0))).toEqual({
      ok: false,
      problems: ["log.tree_size must be an integer from 1 to 2^53 − 1"],
    });
    const batch = checkProofBundle(changed(["merkle_algorithm"], "sorted-pair-keccak256"));
    expect(batch.ok ? [] : batch.problems).toEqual([
      'merkle_algorithm must be "RFC6962-SHA256" (this verifier knows no other), got "sorted-pair-keccak256"',
    ]);
    expect(checkProofBundle({ ...V3, merkle_algorithm: "RFC6962-SHA256" }).ok).toBe(false);
  });
});

describe("ctxlog verify: the log flags", () => {
  async function run(args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIO = {
      stdout: (t) => out.push(t),
      stderr: (t) => err.push(t),
      readStdin: () => "",
      env: {},
    };
    return { code: await main(args, io), out: out.join("\n"), err: err.join("\n") };
  }
  const file = path.join(mkdtempSync(path.join(tmpdir(), "ctxlog-v4-")), "proof.json");
  writeFileSync(file, JSON.stringify(GENUINE));

  it.each([
    ["--log-key", "nope"],
    ["--log-key", WITNESS_KEYS[0] as string],
    ["--witness-key", WITNESS_KEYS[0] as string, "--witness-threshold", "2"],
    ["--witness-key", LOG.verifierKey],
    ["--witness-threshold", "x"],
    ["--witness-threshold=-1"],
    ["--witness-key", WITNESS_KEYS[0] as string, "--witness-key", WITNESS_KEYS[0] as string],
  ])("refuses bad usage with exit 2: %s %s", async (...flags) => {
    const r = await run(["verify", file, "--rpc-url", "http://127.0.0.1:9", ...flags]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^ctxlog: --(log-key|witness)/);
  });

  it("takes good flags to the verification (which then finds no node: exit 3)", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const trust = ["--log-key", LOG.verifierKey, ...WITNESS_KEYS.flatMap((k) => ["--witness-key", k])];
    for (const extra of [[], ["--witness-threshold", "1"], ["--witness-threshold", "0"]]) {
      const r = await run(["verify", file, "--rpc-url", `http://127.0.0.1:${port}`, ...trust, ...extra]);
      expect([r.code, r.err]).toEqual([3, expect.stringMatching(/^ctxlog: RPC endpoint .* is unreachable/)]);
    }
  });
});
