// @ctxlog/tlog's formats against test-vectors/tlog (written by test-vectors/tlog/generate.js
// from this code, and checked by Go's sumdb in test/e2e/tlog and by sigstore-js in the SDK): a
// change here that moves a byte of the vectors fails until they are regenerated, and then those
// two checks say whether the other implementations still agree.
import { readFileSync } from "node:fs";
import path from "node:path";
import { formatCheckpoint, parseCheckpoint } from "./checkpoint";
import { decodeEntryBundle, encodeEntryBundle } from "./entry-bundles";
import { MemoryTree } from "./memory-tree";
import { parseSignerKey, parseVerifierKey } from "./note-keys";
import { noteSigner } from "./note-verifiers";
import { openCheckpoint } from "./open-checkpoint";
import { signNote } from "./open-note";
import { proveConsistency, proveInclusion } from "./prove";
import { leafHash, treeHash } from "./rfc6962";
import { entryBundlePath, parseTilePath, tilePath } from "./tile-paths";
import { buildTile, hashAtFromTiles, tileHashes } from "./tiles";
import { verifyConsistency, verifyInclusion } from "./verify-proofs";
import { witnessPolicy } from "./witness-policy";

const read = (name: string) =>
  JSON.parse(readFileSync(path.join(__dirname, "../../../test-vectors/tlog", name), "utf8"));
const tree = read("tree.json");
const tiles = read("tiles.json");
const cps = read("checkpoints.json");
const bytes = (hex: string) => new Uint8Array(Buffer.from(hex, "hex"));
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const leaves: Uint8Array[] = tree.leaves.map(bytes);
const memory = MemoryTree.fromLeaves(leaves);
const roots = new Map<number, Uint8Array>(
  tree.tree_hashes.map((t: { size: number; root: string }) => [t.size, bytes(t.root)]),
);

describe("test-vectors/tlog", () => {
  it("tree hashes", () => {
    for (const [size, root] of roots) expect(hex(treeHash(size, memory.hashAt))).toBe(hex(root));
  });

  it("inclusion proofs: generated alike, and verified", () => {
    for (const p of tree.inclusion_proofs as { index: number; size: number; proof: string[] }[]) {
      expect(proveInclusion(p.index, p.size, memory.hashAt).map(hex)).toEqual(p.proof);
      verifyInclusion(
        p.index,
        p.size,
        leafHash(leaves[p.index] as Uint8Array),
        p.proof.map(bytes),
        roots.get(p.size) as Uint8Array,
      );
    }
  });

  it("consistency proofs: generated alike, and verified", () => {
    for (const p of tree.consistency_proofs as { old_size: number; new_size: number; proof: string[] }[]) {
      expect(proveConsistency(p.old_size, p.new_size, memory.hashAt).map(hex)).toEqual(p.proof);
      verifyConsistency(
        p.old_size,
        p.new_size,
        roots.get(p.old_size) as Uint8Array,
        roots.get(p.new_size) as Uint8Array,
        p.proof.map(bytes),
      );
    }
  });

  it("tiles, entry bundles and paths", () => {
    const store = new Map<string, Uint8Array>();
    for (const [p, b64] of Object.entries(tiles.tiles as Record<string, string>)) {
      const parsed = parseTilePath(p);
      if (parsed.kind !== "tile") throw new Error(p);
      const data = new Uint8Array(Buffer.from(b64, "base64"));
      expect(hex(buildTile(parsed, memory.hashAt))).toBe(hex(data));
      expect(tileHashes(parsed, data)).toHaveLength(parsed.width);
      store.set(p, data);
    }
    for (const size of tiles.checkpoint_sizes as number[]) {
      const hashAt = hashAtFromTiles(size, (t) => store.get(tilePath(t)) as Uint8Array);
      expect(hex(treeHash(size, hashAt))).toBe(hex(roots.get(size) as Uint8Array));
    }
    for (const [p, b64] of Object.entries(tiles.entry_bundles as Record<string, string>)) {
      const parsed = parseTilePath(p);
      const data = new Uint8Array(Buffer.from(b64, "base64"));
      const entries = decodeEntryBundle(data, { width: parsed.width, entrySize: 32 });
      expect(entries.map(hex)).toEqual(
        tree.leaves.slice(parsed.index * 256, parsed.index * 256 + parsed.width),
      );
      expect(hex(encodeEntryBundle(entries))).toBe(hex(data));
    }
    for (const t of tiles.tile_paths as {
      level: number;
      index: number;
      width: number;
      path: string;
      entries_path?: string;
    }[]) {
      expect(tilePath(t)).toBe(t.path);
      if (t.entries_path) expect(entryBundlePath(t)).toBe(t.entries_path);
    }
  });

  it("checkpoints: signed alike, opened, cosigned to the policy", () => {
    const logKey = parseVerifierKey(cps.log.verifier_key);
    const signer = noteSigner(parseSignerKey(cps.log.signer_key));
    const policy = witnessPolicy(cps.witness_policy.threshold, cps.witness_policy.witnesses);
    for (const c of cps.checkpoints as {
      size: number;
      root: string;
      text: string;
      signed: string;
      cosigned: string;
    }[]) {
      const checkpoint = parseCheckpoint(c.text);
      expect(
        formatCheckpoint({ origin: cps.origin, size: c.size, rootHash: bytes(c.root), extensions: [] }),
      ).toBe(c.text);
      expect(hex(checkpoint.rootHash)).toBe(hex(roots.get(c.size) as Uint8Array));
      expect(signNote(c.text, [signer])).toBe(c.signed);
      expect(openCheckpoint(c.signed, { origin: cps.origin, key: logKey }, policy).witnesses?.satisfied).toBe(
        false,
      );
      const opened = openCheckpoint(c.cosigned, { origin: cps.origin, key: logKey }, policy);
      expect(opened.witnesses).toMatchObject({ satisfied: true, missing: [] });
      expect(opened.checkpoint.size).toBe(c.size);
    }
  });
});
