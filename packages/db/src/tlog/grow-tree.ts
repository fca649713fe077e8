import {
  buildTile,
  formatCheckpoint,
  type HashAt,
  hashAtFromTiles,
  leafHash,
  type NoteSigner,
  newTiles,
  nodeHash,
  partialTiles,
  signNote,
  TILE_WIDTH,
  type Tile,
  treeHash,
} from "@ctxlog/core";
import { ENTRIES_LEVEL, type LogGrowth, type LogGrowthInput, type StoredTile } from "./sequence-log";

const HASH = 32;

/**
 * The stored tiles growing a tree of `oldSize` reads: its partial tiles (every node a larger tree
 * needs from the old one is complete in the old tree and sits in one of them: a full tile's nodes
 * are inside a complete subtree the larger tree reads whole) and the partial entry bundle's entries.
 */
export function tilesNeeded(oldSize: number): { level: number; index: number }[] {
  const tiles = partialTiles(oldSize).map((t) => ({ level: t.level, index: t.index }));
  if (oldSize % TILE_WIDTH > 0) tiles.push({ level: ENTRIES_LEVEL, index: Math.floor(oldSize / TILE_WIDTH) });
  return tiles;
}

/**
 * Grows the tree by `entries` (leaf = the entry hash): every tile that appears or widens (hash
 * tiles and the entries beside them) and the checkpoint for the new size, signed by `signer`.
 * Nodes complete in the old tree are read from its stored tiles; the others are hashed here, once.
 */
export function growTree(
  input: LogGrowthInput,
  origin: string,
  signer: NoteSigner,
): LogGrowth & { rootHash: Uint8Array } {
  const { oldSize, entries } = input;
  const newSize = oldSize + entries.length;
  const readOld = (tile: Tile): Uint8Array => {
    const stored = input.readTile(tile.level, tile.index);
    if (!stored || stored.length < tile.width * HASH) {
      throw new Error(`the log's tile ${tile.level}/${tile.index} is missing or narrower than ${tile.width}`);
    }
    return stored.subarray(0, tile.width * HASH);
  };
  const oldHashAt = hashAtFromTiles(oldSize, readOld);
  const memo = new Map<string, Uint8Array>();
  const hashAt: HashAt = (level, index) => {
    if ((index + 1) * 2 ** level <= oldSize) return oldHashAt(level, index);
    const key = `${level}/${index}`;
    let hash = memo.get(key);
    if (!hash) {
      if (level === 0) {
        const entry = entries[index - oldSize];
        if (!entry) throw new Error(`leaf ${index} is beyond the new tree of ${newSize}`);
        hash = leafHash(entry.entryHash);
      } else {
        hash = nodeHash(hashAt(level - 1, 2 * index), hashAt(level - 1, 2 * index + 1));
      }
      memo.set(key, hash);
    }
    return hash;
  };

  const tiles: StoredTile[] = newTiles(oldSize, newSize).map((tile) => ({
    level: tile.level,
    index: tile.index,
    hashes: buildTile(tile, hashAt),
  }));
  // the entries beside each level-0 tile that grew: the old ones (the partial bundle), then the new
  for (const tile of tiles.filter((t) => t.level === 0)) {
    const start = tile.index * TILE_WIDTH;
    const width = tile.hashes.length / HASH;
    const bytes = new Uint8Array(width * HASH);
    const oldCount = Math.max(0, Math.min(width, oldSize - start));
    if (oldCount > 0) bytes.set(readOld({ level: ENTRIES_LEVEL, index: tile.index, width: oldCount }));
    for (let i = oldCount; i < width; i++) {
      bytes.set((entries[start + i - oldSize] as { entryHash: Uint8Array }).entryHash, i * HASH);
    }
    tiles.push({ level: ENTRIES_LEVEL, index: tile.index, hashes: bytes });
  }

  const rootHash = treeHash(newSize, hashAt);
  const note = signNote(formatCheckpoint({ origin, size: newSize, rootHash, extensions: [] }), [signer]);
  return { tiles, note, rootHash };
}
