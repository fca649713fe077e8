import {
  type AnchoredLog,
  anchoredLogChecks,
  failedLogChecks,
  LOG_CHECK_NAMES,
  type LogCheck,
  type LogCheckWording,
  logInclusionCheck,
} from "./bundle-log-checks";
import { toHex } from "./bytes";
import { formatCheckpoint } from "./checkpoint";
import { MemoryTree } from "./memory-tree";
import { formatVerifierKey, SIGNATURE_TYPE, signerKeyFromSeed } from "./note-keys";
import { noteSigner } from "./note-verifiers";
import { signNote } from "./open-note";
import { proveConsistency, proveInclusion } from "./prove";
import { treeHash } from "./rfc6962";
import { parseSignedNote } from "./signed-note";

const ORIGIN = "log.example/test";
const seed = (n: number) => new Uint8Array(32).fill(n);
const LOG_KEY = signerKeyFromSeed(ORIGIN, seed(1));
const WITNESS = signerKeyFromSeed("w1.example", seed(2), SIGNATURE_TYPE.cosignatureV1);
const LEAVES = Array.from({ length: 7 }, (_, i) => new Uint8Array(32).fill(i + 10));
const TREE = MemoryTree.fromLeaves(LEAVES);
const hex = (bytes: Uint8Array) => `0x${toHex(bytes)}`;
const rootOf = (size: number) => hex(treeHash(size, TREE.hashAt));

function checkpointOf(size: number, rootHash = treeHash(size, TREE.hashAt), origin = ORIGIN): string {
  return signNote(formatCheckpoint({ origin, size, rootHash, extensions: [] }), [noteSigner(LOG_KEY)]);
}

const cosigned = (note: string) =>
  signNote(
    parseSignedNote(note).text,
    [noteSigner(WITNESS, () => 1_700_000_000n)],
    parseSignedNote(note).signatures,
  );

// the two callers' wordings: a proof bundle's (the SDK) and the service's stored evidence (core)
const BUNDLE: LogCheckWording = {
  logKey: "the bundle's log key",
  notEd25519: () => "the bundle's log key is not an Ed25519 note key (type 0x01)",
  witnessPolicy: "the bundle's policy",
  treeSize: "log.tree_size says 7",
  anchoredRoot: "merkle_root",
};
const SERVICE: LogCheckWording = {
  logKey: "a published log key",
  notEd25519: (key) => `the published log key ${key.name} is not an Ed25519 note key`,
  witnessPolicy: "the recorded policy",
  treeSize: "the anchored tree of 7",
  anchoredRoot: "the anchored root",
  broken: {
    checkpoint_signature: "the checkpoint does not open",
    witness_cosignatures: "the cosignatures cannot be counted",
    log_consistency: "the checkpoint cannot be read",
  },
};

/** Leaf 4 of the log: its checkpoint of 7 leaves, anchored at 5 with the proof between them. */
function bundleLog(): AnchoredLog {
  return {
    origin: ORIGIN,
    checkpoint: checkpointOf(7),
    logKey: formatVerifierKey(LOG_KEY),
    witnessPolicy: { recorded: { threshold: 0, witnesses: [] } },
    treeSize: 7,
    anchored: { size: 5, root: rootOf(5), consistencyProof: proveConsistency(5, 7, TREE.hashAt).map(hex) },
    leafIndex: 4,
  };
}

/** The service's: the anchored tree is the checkpoint's, no consistency proof. */
function serviceLog(): AnchoredLog {
  return {
    origin: ORIGIN,
    checkpoint: checkpointOf(7),
    logKey: formatVerifierKey(LOG_KEY),
    witnessPolicy: { recorded: { threshold: 0, witnesses: [] } },
    treeSize: 7,
    anchored: { size: 7, root: rootOf(7).toUpperCase().replace("0X", "0x"), consistencyProof: null },
  };
}

const byName = (checks: LogCheck[]) => Object.fromEntries(checks.map((c) => [c.name, c]));
const failed = (checks: LogCheck[]) => checks.filter((c) => !c.ok).map((c) => c.name);

describe("logInclusionCheck (merkle_proof)", () => {
  const leaf = () => ({
    index: 4,
    entryHash: hex(LEAVES[4] as Uint8Array),
    proof: proveInclusion(4, 7, TREE.hashAt).map(hex),
  });
  const log = { treeSize: 7, checkpoint: checkpointOf(7) };

  it("passes the entry hash's RFC 6962 proof under the checkpoint's root", () => {
    expect(logInclusionCheck(leaf(), log)).toEqual({
      name: "merkle_proof",
      ok: true,
      reason: "3-hash RFC 6962 proof: entry_hash is leaf 4 of the checkpoint's 7",
    });
  });

  it("fails a wrong node, another index, an index past the tree, or a hash that is not hex", () => {
    const wrong = leaf();
    wrong.proof[1] = `0x${"ee".repeat(32)}`;
    expect(logInclusionCheck(wrong, log)).toEqual({
      name: "merkle_proof",
      ok: false,
      reason:
        "the RFC 6962 proof of entry_hash at leaf_index 4 fails: inclusion proof does not lead to the root hash",
    });
    expect(logInclusionCheck({ ...leaf(), index: 5 }, log).ok).toBe(false);
    expect(logInclusionCheck({ ...leaf(), index: 7 }, log).reason).toBe(
      "the RFC 6962 proof of entry_hash at leaf_index 7 fails: leaf index must be below the tree size (index 7, tree size 7)",
    );
    expect(logInclusionCheck({ ...leaf(), entryHash: "0xzz" }, log).reason).toMatch(
      /entry_hash is not 0x-hex$/,
    );
  });

  it("fails a proof for a tree of another depth, or a checkpoint that cannot be read", () => {
    // a tree of the same shape (8 leaves) takes the same proof: checkpoint_signature holds the size
    expect(logInclusionCheck(leaf(), { ...log, treeSize: 8 }).ok).toBe(true);
    expect(logInclusionCheck(leaf(), { ...log, treeSize: 16 }).reason).toBe(
      "the RFC 6962 proof of entry_hash at leaf_index 4 fails: inclusion proof is shorter than the tree is deep",
    );
    expect(logInclusionCheck(leaf(), { ...log, checkpoint: "not a note" }).ok).toBe(false);
  });

  it("throws what is not the log format's error: the caller's check fails with it", () => {
    const notAList = { ...leaf(), proof: null as unknown as string[] };
    expect(() => logInclusionCheck(notAList, log)).toThrow(TypeError);
  });
});

describe("anchoredLogChecks", () => {
  it("passes a bundle's three, in order, joined to the anchored tree by a consistency proof", () => {
    const checks = anchoredLogChecks(bundleLog(), BUNDLE);
    expect(checks.map((c) => c.name)).toEqual([...LOG_CHECK_NAMES]);
    expect(checks).toEqual([
      {
        name: "checkpoint_signature",
        ok: true,
        reason: `checkpoint of 7 leaves signed by ${ORIGIN} (the bundle's log key) for ${ORIGIN}`,
      },
      {
        name: "witness_cosignatures",
        ok: true,
        reason: "0 of 0 witnesses cosigned (the bundle's policy needs 0)",
      },
      {
        name: "log_consistency",
        ok: true,
        reason: "4-hash RFC 6962 proof: the anchored tree of 5 leaves and the checkpoint's of 7 are one log",
      },
    ]);
  });

  it("takes the log key parsed as well as a verifier key string", () => {
    const parsed = { ...bundleLog(), logKey: LOG_KEY };
    expect(failed(anchoredLogChecks(parsed, BUNDLE))).toEqual([]);
  });

  it("takes either tree as the older, and an equal one with an empty proof", () => {
    const newer = { ...bundleLog(), checkpoint: checkpointOf(5), treeSize: 5 };
    newer.anchored = {
      size: 7,
      root: rootOf(7),
      consistencyProof: proveConsistency(5, 7, TREE.hashAt).map(hex),
    };
    expect(failed(anchoredLogChecks(newer, { ...BUNDLE, treeSize: "log.tree_size says 5" }))).toEqual([]);
    const same = { ...bundleLog(), anchored: { size: 7, root: rootOf(7), consistencyProof: [] } };
    expect(byName(anchoredLogChecks(same, BUNDLE)).log_consistency?.reason).toBe(
      "merkle_root is the checkpoint's root (7 leaves)",
    );
  });

  it("passes the service's three: the anchored root is the checkpoint's, in any case of hex", () => {
    const checks = byName(anchoredLogChecks(serviceLog(), SERVICE));
    expect(checks.checkpoint_signature?.reason).toBe(
      `checkpoint of 7 leaves signed by ${ORIGIN} (a published log key) for ${ORIGIN}`,
    );
    expect(checks.witness_cosignatures?.reason).toBe(
      "0 of 0 witnesses cosigned (the recorded policy needs 0)",
    );
    expect(checks.log_consistency).toEqual({
      name: "log_consistency",
      ok: true,
      reason: "the anchored root is the checkpoint's root (7 leaves)",
    });
  });

  it("checkpoint_signature: another key, another log, another size fail it, worded by the caller", () => {
    const other = { ...serviceLog(), logKey: formatVerifierKey(signerKeyFromSeed(ORIGIN, seed(9))) };
    const checks = anchoredLogChecks(other, SERVICE);
    expect(failed(checks)).toEqual(["checkpoint_signature", "witness_cosignatures"]);
    expect(checks[0]?.reason).toBe("the checkpoint does not open: no known key signed the note");
    expect(anchoredLogChecks(other, BUNDLE)[0]?.reason).toBe("no known key signed the note");

    const elsewhere = { ...bundleLog(), origin: "other.example/log" };
    expect(anchoredLogChecks(elsewhere, BUNDLE)[0]?.reason).toMatch(/^checkpoint is for another log/);

    const bigger = { ...bundleLog(), checkpoint: checkpointOf(6) };
    expect(anchoredLogChecks(bigger, BUNDLE)[0]?.reason).toBe(
      "the checkpoint is of 6 leaves, log.tree_size says 7",
    );
  });

  it("checkpoint_signature: a key that is not Ed25519 is refused as the caller words it", () => {
    const witnessKey = { ...serviceLog(), logKey: formatVerifierKey(WITNESS) };
    expect(anchoredLogChecks(witnessKey, SERVICE)[0]?.reason).toBe(
      "the checkpoint does not open: the published log key w1.example is not an Ed25519 note key",
    );
    expect(anchoredLogChecks({ ...witnessKey }, BUNDLE)[0]?.reason).toBe(
      "the bundle's log key is not an Ed25519 note key (type 0x01)",
    );
    expect(failed(anchoredLogChecks({ ...serviceLog(), logKey: "not a key" }, SERVICE))).toEqual([
      "checkpoint_signature",
      "witness_cosignatures",
    ]);
  });

  it("witness_cosignatures: the policy is met by the checkpoint's cosignatures, or names who is missing", () => {
    const policy = { recorded: { threshold: 1, witnesses: [formatVerifierKey(WITNESS)] } };
    const missing = anchoredLogChecks({ ...serviceLog(), witnessPolicy: policy }, SERVICE);
    expect(failed(missing)).toEqual(["witness_cosignatures"]);
    expect(missing[1]?.reason).toBe(
      "0 of 1 witnesses cosigned (the recorded policy needs 1); missing: w1.example",
    );

    const met = { ...serviceLog(), witnessPolicy: policy, checkpoint: cosigned(checkpointOf(7)) };
    expect(anchoredLogChecks(met, SERVICE)).toContainEqual({
      name: "witness_cosignatures",
      ok: true,
      reason: "1 of 1 witnesses cosigned (the recorded policy needs 1): w1.example",
    });
  });

  it("witness_cosignatures: a built policy is used as given; a recorded one that cannot be met fails", () => {
    const built = { threshold: 1, witnesses: [WITNESS] };
    const given = { ...bundleLog(), witnessPolicy: built, checkpoint: cosigned(checkpointOf(7)) };
    expect(failed(anchoredLogChecks(given, { ...BUNDLE, witnessPolicy: "the given policy" }))).toEqual([]);

    const tooMany = { recorded: { threshold: 2, witnesses: [formatVerifierKey(WITNESS)] } };
    const unmeetable = anchoredLogChecks({ ...bundleLog(), witnessPolicy: tooMany }, BUNDLE);
    expect(failed(unmeetable)).toEqual(["witness_cosignatures"]);
    expect(unmeetable[1]?.reason).toBe(
      "witness threshold must be 0 to the number of witnesses (threshold 2, 1 witnesses)",
    );

    for (const recorded of [null, [], { threshold: 0 }, "policy"]) {
      expect(anchoredLogChecks({ ...bundleLog(), witnessPolicy: { recorded } }, BUNDLE)[1]?.reason).toBe(
        "log.witness_policy must be {threshold, witnesses: [verifier key…]}",
      );
    }
  });

  it("log_consistency: a leaf past the anchored tree, or a proof that does not join the trees, fails it", () => {
    const unheld = { ...bundleLog(), leafIndex: 5 };
    expect(failed(anchoredLogChecks(unheld, BUNDLE))).toEqual(["log_consistency"]);
    expect(anchoredLogChecks(unheld, BUNDLE)[2]?.reason).toBe(
      "the anchored tree of 5 leaves does not hold leaf_index 5",
    );

    const wrong = bundleLog();
    wrong.anchored = { ...wrong.anchored, root: `0x${"11".repeat(32)}` };
    expect(failed(anchoredLogChecks(wrong, BUNDLE))).toEqual(["log_consistency"]);
    const empty = bundleLog();
    empty.anchored = { ...empty.anchored, consistencyProof: [] };
    expect(anchoredLogChecks(empty, BUNDLE)[2]?.reason).toBe("consistency proof is empty");
  });

  it("log_consistency without a proof: the checkpoint must be the anchored tree, its size and root", () => {
    const bigger = { ...serviceLog(), checkpoint: checkpointOf(6) };
    expect(failed(anchoredLogChecks(bigger, SERVICE))).toEqual(["checkpoint_signature", "log_consistency"]);
    expect(anchoredLogChecks(bigger, SERVICE)[2]?.reason).toBe(
      "the checkpoint is of 6 leaves, the anchored tree of 7: no consistency proof joins them",
    );

    const otherRoot = { ...serviceLog(), checkpoint: checkpointOf(7, new Uint8Array(32).fill(3)) };
    expect(failed(anchoredLogChecks(otherRoot, SERVICE))).toEqual(["log_consistency"]);
    expect(anchoredLogChecks(otherRoot, SERVICE)[2]?.reason).toBe(
      `the checkpoint of 7 leaves has root 0x${"03".repeat(32)}, not the anchored root ${serviceLog().anchored.root}`,
    );
  });

  it("fails, never throws, on hostile input: the caller's prefix, or 'could not be checked'", () => {
    const unreadable = { ...serviceLog(), checkpoint: "not a note" };
    expect(failed(anchoredLogChecks(unreadable, SERVICE))).toEqual([...LOG_CHECK_NAMES]);
    expect(anchoredLogChecks(unreadable, SERVICE)[2]?.reason).toMatch(/^the checkpoint cannot be read: /);

    const noRoot = {
      ...serviceLog(),
      anchored: { size: 7, root: null as unknown as string, consistencyProof: null },
    };
    expect(anchoredLogChecks(noRoot, BUNDLE)[2]?.reason).toMatch(/^could not be checked: /);
    const notHex = bundleLog();
    notHex.anchored = { ...notHex.anchored, consistencyProof: ["0x1"] };
    expect(anchoredLogChecks(notHex, BUNDLE)[2]?.reason).toBe("a consistency proof hash is not 0x-hex");
  });
});

describe("failedLogChecks: nothing to check", () => {
  it("fails each of the three with the reason, in order (no checkpoint, a malformed bundle)", () => {
    expect(failedLogChecks("the log holds no checkpoint at the anchored tree size 7")).toEqual(
      LOG_CHECK_NAMES.map((name) => ({
        name,
        ok: false,
        reason: "the log holds no checkpoint at the anchored tree size 7",
      })),
    );
  });
});
