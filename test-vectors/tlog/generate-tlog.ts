// The transparency log's vectors (issue 43), from @ctxlog/core's tlog formats. Run through
// generate.js. Three files:
//   tree.json         leaves, tree hashes for sizes 0..64 and some past a tile, inclusion and
//                     consistency proofs
//   tiles.json        the tiles and entry bundles a log writes for checkpoints at sizes 600 and 785,
//                     and tile paths past 1000 (the x-prefixed groups)
//   checkpoints.json  the log's and two witnesses' keys (fixed seeds: test keys, never used for
//                     anything real), checkpoints signed by the log, then cosigned
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import {
  buildTile,
  encodeEntryBundle,
  entryBundlePath,
  formatCheckpoint,
  formatSignerKey,
  formatVerifierKey,
  MemoryTree,
  newTiles,
  noteSigner,
  parseSignedNote,
  proveConsistency,
  proveInclusion,
  SIGNATURE_TYPE,
  signerKeyFromSeed,
  signNote,
  TILE_WIDTH,
  tilePath,
  treeHash,
} from "@ctxlog/core";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const b64 = (b: Uint8Array) => Buffer.from(b).toString("base64");
const sha256 = (s: string) => new Uint8Array(createHash("sha256").update(s).digest());

/** Leaf i stands in for an entry hash: 32 bytes, SHA-256 of "ctxlog tlog vector leaf <i>". */
const LEAF_COUNT = 785;
const leaves = Array.from({ length: LEAF_COUNT }, (_, i) => sha256(`ctxlog tlog vector leaf ${i}`));
const tree = MemoryTree.fromLeaves(leaves);
const root = (n: number) => treeHash(n, tree.hashAt);

const SMALL = 64;
const BIG_SIZES = [127, 128, 129, 255, 256, 257, 300, 511, 512, 513, 600, 784, 785];
const CHECKPOINT_SIZES = [600, 785];

function treeVectors() {
  const sizes = [...Array.from({ length: SMALL + 1 }, (_, n) => n), ...BIG_SIZES];
  const inclusion: { index: number; size: number; proof: string[] }[] = [];
  for (let n = 1; n <= 16; n++)
    for (let m = 0; m < n; m++)
      inclusion.push({ index: m, size: n, proof: proveInclusion(m, n, tree.hashAt).map(hex) });
  for (const n of BIG_SIZES) {
    for (const m of [0, 1, 127, 255, 256, 300, n - 1]) {
      if (m < n) inclusion.push({ index: m, size: n, proof: proveInclusion(m, n, tree.hashAt).map(hex) });
    }
  }
  const consistency: { old_size: number; new_size: number; proof: string[] }[] = [];
  for (let n = 1; n <= 16; n++)
    for (let m = 1; m <= n; m++)
      consistency.push({ old_size: m, new_size: n, proof: proveConsistency(m, n, tree.hashAt).map(hex) });
  for (const [m, n] of [
    [1, 785],
    [7, 600],
    [255, 256],
    [256, 257],
    [256, 785],
    [300, 600],
    [511, 513],
    [600, 785],
    [784, 785],
    [785, 785],
  ] as const) {
    consistency.push({ old_size: m, new_size: n, proof: proveConsistency(m, n, tree.hashAt).map(hex) });
  }
  return {
    leaf_rule:
      "leaf i = SHA-256(UTF-8 'ctxlog tlog vector leaf <i>'), 32 bytes, as an entry hash is; leaf hash = SHA-256(0x00 || leaf)",
    leaves: leaves.map(hex),
    tree_hashes: sizes.map((size) => ({ size, root: hex(root(size)) })),
    inclusion_proofs: inclusion,
    consistency_proofs: consistency,
  };
}

function tileVectors() {
  const tiles: Record<string, string> = {};
  const bundles: Record<string, string> = {};
  let previous = 0;
  for (const size of CHECKPOINT_SIZES) {
    for (const tile of newTiles(previous, size)) {
      tiles[tilePath(tile)] = b64(buildTile(tile, tree.hashAt));
      if (tile.level === 0) {
        const start = tile.index * TILE_WIDTH;
        bundles[entryBundlePath(tile)] = b64(encodeEntryBundle(leaves.slice(start, start + tile.width)));
      }
    }
    previous = size;
  }
  const paths = [
    { level: 0, index: 0, width: 256 },
    { level: 0, index: 999, width: 1 },
    { level: 1, index: 1000, width: 256 },
    { level: 2, index: 1234067, width: 112 },
    { level: 63, index: 2 ** 53 - 1, width: 255 },
  ].map((t) => ({ ...t, path: tilePath(t), entries_path: t.level === 0 ? entryBundlePath(t) : undefined }));
  return { checkpoint_sizes: CHECKPOINT_SIZES, tiles, entry_bundles: bundles, tile_paths: paths };
}

function checkpointVectors() {
  const origin = "ctxlog.example/tlog-vectors";
  const log = signerKeyFromSeed(origin, sha256("ctxlog tlog vector log key"));
  const witnesses = [1, 2].map((i) =>
    signerKeyFromSeed(
      `witness${i}.example/w`,
      sha256(`ctxlog tlog vector witness key ${i}`),
      SIGNATURE_TYPE.cosignatureV1,
    ),
  );
  const checkpoints = CHECKPOINT_SIZES.map((size, i) => {
    const text = formatCheckpoint({ origin, size, rootHash: root(size), extensions: [] });
    const signed = signNote(text, [noteSigner(log)]);
    // each witness cosigns at a fixed time: the note is the same bytes on every run
    const cosigners = witnesses.map((w, j) => noteSigner(w, () => BigInt(1767225600 + 60 * i + j)));
    const cosigned = signNote(text, cosigners, parseSignedNote(signed).signatures);
    return { size, root: hex(root(size)), text, signed, cosigned };
  });
  return {
    origin,
    log: {
      signer_key: formatSignerKey(log),
      verifier_key: formatVerifierKey(log),
      public_key: hex(log.publicKey),
    },
    witnesses: witnesses.map((w) => ({
      name: w.name,
      signer_key: formatSignerKey(w),
      verifier_key: formatVerifierKey(w),
      public_key: hex(w.publicKey),
    })),
    witness_policy: { threshold: 2, witnesses: witnesses.map(formatVerifierKey) },
    checkpoints,
  };
}

export function writeTlogVectors(dir: string): string[] {
  const files: Record<string, unknown> = {
    "tree.json": treeVectors(),
    "tiles.json": tileVectors(),
    "checkpoints.json": checkpointVectors(),
  };
  return Object.entries(files).map(([name, content]) => {
    const file = path.join(dir, name);
    const header = { generated_by: "test-vectors/tlog/generate.js (from @ctxlog/core's tlog formats)" };
    writeFileSync(file, `${JSON.stringify({ ...header, ...(content as object) }, null, 2)}\n`);
    return file;
  });
}
