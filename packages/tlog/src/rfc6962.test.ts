import { toHex } from "./bytes";
import { MemoryTree } from "./memory-tree";
import { emptyTreeHash, leafHash, nodeHash, rangeNodes, splitPoint, treeHash } from "./rfc6962";
import { mth, testLeaves } from "./testing/reference";

describe("RFC 6962 hashing", () => {
  it("the empty tree is SHA-256 of nothing; a leaf is prefixed 0x00, a node 0x01", () => {
    expect(toHex(emptyTreeHash())).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    // RFC 6962's leaf hash of the empty leaf, as the CT test data has it
    expect(toHex(leafHash(new Uint8Array()))).toBe(
      "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
    );
    const a = leafHash(new Uint8Array([1]));
    const b = leafHash(new Uint8Array([2]));
    expect(nodeHash(a, b)).not.toEqual(nodeHash(b, a));
    expect(nodeHash(a, b)).not.toEqual(leafHash(new Uint8Array([...a, ...b])));
  });

  it("splitPoint is the largest power of two below n", () => {
    expect([2, 3, 4, 5, 8, 9, 2 ** 40 + 1].map(splitPoint)).toEqual([1, 2, 2, 4, 4, 8, 2 ** 40]);
  });

  it("rangeNodes decomposes a range into complete subtrees, largest first", () => {
    expect(rangeNodes(0, 7)).toEqual([
      { level: 2, index: 0 },
      { level: 1, index: 2 },
      { level: 0, index: 6 },
    ]);
    expect(rangeNodes(8, 13)).toEqual([
      { level: 2, index: 2 },
      { level: 0, index: 12 },
    ]);
    expect(rangeNodes(5, 5)).toEqual([]);
  });

  it("treeHash over a MemoryTree is RFC 6962's MTH for sizes 0 to 130", () => {
    const leaves = testLeaves(130);
    const tree = new MemoryTree();
    for (let n = 0; n <= leaves.length; n++) {
      expect(toHex(treeHash(n, tree.hashAt))).toBe(toHex(mth(leaves.slice(0, n))));
      if (n < leaves.length) tree.append(leaves[n] as Uint8Array);
    }
    expect(tree.size).toBe(130);
  });

  it("refuses sizes that are not safe integers, and nodes the tree does not have", () => {
    const tree = MemoryTree.fromLeaves(testLeaves(3));
    expect(() => treeHash(-1, tree.hashAt)).toThrow(expect.objectContaining({ reason: "invalid_argument" }));
    expect(() => treeHash(2 ** 53, tree.hashAt)).toThrow(
      expect.objectContaining({ reason: "invalid_argument" }),
    );
    expect(() => treeHash(1.5, tree.hashAt)).toThrow(expect.objectContaining({ reason: "invalid_argument" }));
    expect(() => treeHash(4, tree.hashAt)).toThrow(/no complete subtree at level 2, index 0/);
  });
});
