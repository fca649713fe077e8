import { toHex } from "./bytes";
import { MemoryTree } from "./memory-tree";
import { proveConsistency, proveInclusion } from "./prove";
import { treeHash } from "./rfc6962";
import { testLeaves } from "./testing/reference";
import { tilePath } from "./tile-paths";
import {
  buildTile,
  hashAtFromTiles,
  newTiles,
  partialTiles,
  tileForNode,
  tileHashes,
  tilesForNodes,
  tileWidth,
} from "./tiles";

const paths = (tiles: Parameters<typeof tilePath>[0][]) => tiles.map(tilePath);

describe("which tiles a tree has", () => {
  it("tlog-tiles' examples: 70,000 and 256 leaves", () => {
    expect(paths(partialTiles(70000))).toEqual(["tile/0/273.p/112", "tile/1/001.p/17", "tile/2/000.p/1"]);
    expect(tileWidth(0, 272, 70000)).toBe(256);
    expect(tileWidth(1, 0, 70000)).toBe(256);
    expect(tileWidth(0, 274, 70000)).toBe(0);
    expect(paths(partialTiles(256))).toEqual(["tile/1/000.p/1"]);
    expect(tileWidth(0, 0, 256)).toBe(256);
    expect(partialTiles(0)).toEqual([]);
  });

  it("newTiles lists each tile that appears or widens as the tree grows", () => {
    expect(paths(newTiles(0, 3))).toEqual(["tile/0/000.p/3"]);
    expect(paths(newTiles(3, 3))).toEqual([]);
    expect(paths(newTiles(250, 600))).toEqual([
      "tile/0/000",
      "tile/0/001",
      "tile/0/002.p/88",
      "tile/1/000.p/2",
    ]);
    expect(paths(newTiles(600, 785))).toEqual(["tile/0/002", "tile/0/003.p/17", "tile/1/000.p/3"]);
    // each tile of the final tree is in the union of the steps, at its final width
    const steps = [0, 1, 255, 256, 257, 512, 700, 65536 + 3];
    const written = new Map<string, number>();
    for (let i = 1; i < steps.length; i++) {
      for (const t of newTiles(steps[i - 1] as number, steps[i] as number))
        written.set(`${t.level}/${t.index}`, t.width);
    }
    const final = steps[steps.length - 1] as number;
    for (const [key, width] of written) {
      const [level, index] = key.split("/").map(Number) as [number, number];
      expect(tileWidth(level, index, final)).toBe(width);
    }
    expect(() => newTiles(5, 4)).toThrow(expect.objectContaining({ reason: "invalid_argument" }));
  });

  it("tileForNode: tree levels 1 to 7 are hashed from a tile, level 8 is read from tile level 1", () => {
    expect(tileForNode({ level: 0, index: 600 }, 785)).toEqual({
      tile: { level: 0, index: 2, width: 256 },
      offset: 88,
      count: 1,
    });
    expect(tileForNode({ level: 3, index: 70 }, 785)).toEqual({
      tile: { level: 0, index: 2, width: 256 },
      offset: 48,
      count: 8,
    });
    expect(tileForNode({ level: 8, index: 2 }, 785)).toEqual({
      tile: { level: 1, index: 0, width: 3 },
      offset: 2,
      count: 1,
    });
    expect(tileForNode({ level: 4, index: 48 }, 785)).toEqual({
      tile: { level: 0, index: 3, width: 17 },
      offset: 0,
      count: 16,
    });
    expect(() => tileForNode({ level: 5, index: 24 }, 785)).toThrow(/not complete/);
  });
});

describe("tiles' bytes, and hashes read back from them", () => {
  const size = 785;
  const leaves = testLeaves(size);
  const tree = MemoryTree.fromLeaves(leaves);
  const store = new Map<string, Uint8Array>();
  for (const [from, to] of [
    [0, 600],
    [600, size],
  ] as const) {
    for (const tile of newTiles(from, to)) store.set(tilePath(tile), buildTile(tile, tree.hashAt));
  }
  const readTile = (tile: Parameters<typeof tilePath>[0]) => {
    const data = store.get(tilePath(tile));
    if (!data) throw new Error(`no ${tilePath(tile)}`);
    return data;
  };

  it("a tile is its tree-level-8·L hashes, 32 bytes each", () => {
    const data = readTile({ level: 1, index: 0, width: 3 });
    expect(data).toHaveLength(96);
    expect(toHex(tileHashes({ level: 1, index: 0, width: 3 }, data)[2] as Uint8Array)).toBe(
      toHex(tree.hashAt(8, 2)),
    );
    expect(store.has("tile/0/002.p/88")).toBe(true);
  });

  it("roots and proofs from tiles are those from the whole tree, for sizes the checkpoints had", () => {
    for (const n of [600, 785]) {
      const fromTiles = hashAtFromTiles(n, readTile);
      expect(toHex(treeHash(n, fromTiles))).toBe(toHex(treeHash(n, tree.hashAt)));
      for (const i of [0, 255, 256, 511, 599, n - 1]) {
        expect(proveInclusion(i, n, fromTiles).map(toHex)).toEqual(
          proveInclusion(i, n, tree.hashAt).map(toHex),
        );
      }
    }
    const fromTiles = hashAtFromTiles(785, readTile);
    expect(proveConsistency(600, 785, fromTiles).map(toHex)).toEqual(
      proveConsistency(600, 785, tree.hashAt).map(toHex),
    );
  });

  it("tilesForNodes names the tiles a set of nodes needs, once each", () => {
    const tiles = tilesForNodes(
      [
        { level: 0, index: 1 },
        { level: 2, index: 1 },
        { level: 8, index: 2 },
      ],
      785,
    );
    expect(paths(tiles)).toEqual(["tile/0/000", "tile/1/000.p/3"]);
  });

  it("refuses tile data of the wrong length", () => {
    expect(() => tileHashes({ level: 0, index: 0, width: 2 }, new Uint8Array(63))).toThrow(
      expect.objectContaining({ reason: "malformed" }),
    );
    const short = hashAtFromTiles(785, () => new Uint8Array(32));
    expect(() => short(0, 3)).toThrow(/must be 8192 bytes/);
  });
});
