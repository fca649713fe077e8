import { concatBytes } from "./bytes";
import { TlogError } from "./errors";
import { checkTreeSize, HASH_SIZE, type HashAt, nodeHash, type TreeNode } from "./rfc6962";
import { checkTile, TILE_HEIGHT, TILE_WIDTH, type Tile } from "./tile-paths";

/**
 * Which hashes tiles hold, and reading them back. Nodes are named by (level, index) — the
 * complete subtree of 2^level leaves from index·2^level (rfc6962.ts's TreeNode) — not by Go
 * tlog's "stored hash index": the tile a node is in is then plain arithmetic.
 *
 * The n-th tile at tile level L holds the tree level 8·L nodes 256·n to 256·n + W − 1. The
 * levels between (8·L + 1 to 8·L + 7) are not stored: they are hashed from the tile's own nodes.
 */

const pow = (base: number, exp: number): number => base ** exp;

/** How many tree-level-8·L nodes are complete in a tree of `size` leaves. */
function completeNodes(tileLevel: number, size: number): number {
  return Math.floor(size / pow(2, TILE_HEIGHT * tileLevel));
}

/** The width of tile (level, index) in a tree of `size` leaves: 256 when full, 0 when it does not exist yet. */
export function tileWidth(level: number, index: number, size: number): number {
  checkTreeSize(size);
  const nodes = completeNodes(level, size);
  const before = index * TILE_WIDTH;
  if (nodes <= before) return 0;
  return Math.min(TILE_WIDTH, nodes - before);
}

/**
 * The partial tiles of a tree of `size` leaves, lowest level first: with the full tiles, what a
 * client needs for any proof. A tree of 70,000 has tile/0/273.p/112, tile/1/001.p/17, tile/2/000.p/1.
 */
export function partialTiles(size: number): Tile[] {
  checkTreeSize(size);
  const tiles: Tile[] = [];
  for (let level = 0; completeNodes(level, size) > 0; level++) {
    const nodes = completeNodes(level, size);
    const width = nodes % TILE_WIDTH;
    if (width > 0) tiles.push({ level, index: Math.floor(nodes / TILE_WIDTH), width });
  }
  return tiles;
}

/**
 * The tiles to write when the tree grows from `oldSize` to `newSize`: each tile that is new or
 * wider, at its new width (full tiles are written once; a partial tile of the old size stays
 * valid for clients of the old checkpoint, so it is not replaced but joined by a wider one).
 */
export function newTiles(oldSize: number, newSize: number): Tile[] {
  checkTreeSize(oldSize, "old tree size");
  checkTreeSize(newSize, "new tree size");
  if (oldSize > newSize) {
    throw new TlogError("invalid_argument", "the old tree is larger than the new one", {
      details: `old size ${oldSize}, new size ${newSize}`,
    });
  }
  const tiles: Tile[] = [];
  for (let level = 0; completeNodes(level, newSize) > 0; level++) {
    const oldNodes = completeNodes(level, oldSize);
    const newNodes = completeNodes(level, newSize);
    for (let index = Math.floor(oldNodes / TILE_WIDTH); index * TILE_WIDTH < newNodes; index++) {
      const width = Math.min(TILE_WIDTH, newNodes - index * TILE_WIDTH);
      const oldWidth = Math.max(0, Math.min(TILE_WIDTH, oldNodes - index * TILE_WIDTH));
      if (width > oldWidth) tiles.push({ level, index, width });
    }
  }
  return tiles;
}

/** A tile's bytes: its nodes' hashes, one after the other. */
export function buildTile(tile: Tile, hashAt: HashAt): Uint8Array {
  checkTile(tile);
  const hashes: Uint8Array[] = [];
  for (let i = 0; i < tile.width; i++)
    hashes.push(hashAt(TILE_HEIGHT * tile.level, tile.index * TILE_WIDTH + i));
  return concatBytes(...hashes);
}

/** A tile's hashes, after checking its bytes are exactly `width` hashes. */
export function tileHashes(tile: Tile, data: Uint8Array): Uint8Array[] {
  checkTile(tile);
  if (!(data instanceof Uint8Array) || data.length !== tile.width * HASH_SIZE) {
    throw new TlogError("malformed", `tile data must be ${tile.width * HASH_SIZE} bytes`, {
      details: `got ${data instanceof Uint8Array ? data.length : typeof data}`,
    });
  }
  const hashes: Uint8Array[] = [];
  for (let i = 0; i < tile.width; i++) hashes.push(data.subarray(i * HASH_SIZE, (i + 1) * HASH_SIZE));
  return hashes;
}

/**
 * Where node (level, index) is read from in a tree of `size` leaves: the tile (at the width the
 * tree gives it), and which of its hashes (`offset`, `count`: 2^(level − 8·L) of them) hash into
 * the node.
 */
export function tileForNode(node: TreeNode, size: number): { tile: Tile; offset: number; count: number } {
  checkTreeSize(size);
  const { level, index } = node;
  if (!Number.isInteger(level) || level < 0 || !Number.isSafeInteger(index) || index < 0) {
    throw new TlogError("invalid_argument", "not a tree node", { details: `level ${level}, index ${index}` });
  }
  if ((index + 1) * pow(2, level) > size) {
    throw new TlogError(
      "invalid_argument",
      `node ${level}/${index} is not complete in a tree of ${size} leaves`,
    );
  }
  const tileLevel = Math.floor(level / TILE_HEIGHT);
  const count = pow(2, level - TILE_HEIGHT * tileLevel);
  const first = index * count;
  const tileIndex = Math.floor(first / TILE_WIDTH);
  const width = tileWidth(tileLevel, tileIndex, size);
  return { tile: { level: tileLevel, index: tileIndex, width }, offset: first % TILE_WIDTH, count };
}

/** Hashes `count` (a power of two) consecutive hashes into their complete subtree's hash. */
function subtreeHash(hashes: readonly Uint8Array[]): Uint8Array {
  let level = [...hashes];
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2)
      next.push(nodeHash(level[i] as Uint8Array, level[i + 1] as Uint8Array));
    level = next;
  }
  return level[0] as Uint8Array;
}

/**
 * A HashAt for a tree of `size` leaves that reads tiles through `readTile` (which returns a
 * tile's bytes: from a database, a cache, files). Tiles are checked for their length, not against
 * a root: a reader of untrusted tiles verifies the proofs built from them against a checkpoint.
 */
export function hashAtFromTiles(size: number, readTile: (tile: Tile) => Uint8Array): HashAt {
  return (level, index) => {
    const { tile, offset, count } = tileForNode({ level, index }, size);
    const hashes = tileHashes(tile, readTile(tile));
    return subtreeHash(hashes.slice(offset, offset + count));
  };
}

/** The tiles `hashAtFromTiles` will read for these nodes: fetch them first, in one go. */
export function tilesForNodes(nodes: readonly TreeNode[], size: number): Tile[] {
  const seen = new Map<string, Tile>();
  for (const node of nodes) {
    const { tile } = tileForNode(node, size);
    seen.set(`${tile.level}/${tile.index}/${tile.width}`, tile);
  }
  return [...seen.values()];
}
