import { TlogError } from "./errors";
import { leafHash, nodeHash } from "./rfc6962";

/**
 * A whole tree in memory, every complete subtree kept: for tests, vectors and small tools. The
 * service's log reads the same hashes from its stored tiles instead (tiles.ts).
 */
export class MemoryTree {
  /** levels[l][i]: the hash of the complete subtree of 2^l leaves from i·2^l */
  private readonly levels: Uint8Array[][] = [[]];

  static fromLeaves(leaves: Iterable<Uint8Array>): MemoryTree {
    const tree = new MemoryTree();
    for (const leaf of leaves) tree.append(leaf);
    return tree;
  }

  get size(): number {
    return (this.levels[0] as Uint8Array[]).length;
  }

  /** Appends a leaf (the entry hash's bytes), hashing it, and every subtree it completes. */
  append(leaf: Uint8Array): void {
    let hash = leafHash(leaf);
    let level = 0;
    for (;;) {
      const nodes = this.levels[level] ?? [];
      this.levels[level] = nodes;
      nodes.push(hash);
      if (nodes.length % 2 === 1) return;
      hash = nodeHash(nodes[nodes.length - 2] as Uint8Array, hash);
      level++;
    }
  }

  readonly hashAt = (level: number, index: number): Uint8Array => {
    const hash = this.levels[level]?.[index];
    if (!hash) {
      throw new TlogError("invalid_argument", `no complete subtree at level ${level}, index ${index}`, {
        details: `the tree has ${this.size} leaves`,
      });
    }
    return hash;
  };
}
