// The audit's Merkle check remembers the nodes of the paths it has proven, so that the entries of
// one batch hash only what no earlier entry covered: what it remembers must never let a wrong
// proof through.
import { concatHex, type Hex, keccak256, toHex } from "viem";
import { type AuditEntry, ProvenNodes, proofProblem } from "./entry-checks";

const pair = (x: Hex, y: Hex): Hex =>
  BigInt(x) < BigInt(y) ? keccak256(concatHex([x, y])) : keccak256(concatHex([y, x]));

/** A tree over `n` leaves as the service builds it (an odd node is promoted), with every proof. */
function tree(n: number) {
  const leaves = Array.from({ length: n }, (_, i) => keccak256(toHex(`entry ${i}`)));
  const proofs: Hex[][] = leaves.map(() => []);
  let level = leaves.map((node, i) => ({ node, members: [i] }));
  while (level.length > 1) {
    const next: typeof level = [];
    for (let i = 0; i < level.length; i += 2) {
      const [a, b] = [level[i], level[i + 1]];
      if (!a) break;
      if (!b) {
        next.push(a);
        continue;
      }
      for (const m of a.members) proofs[m]?.push(b.node);
      for (const m of b.members) proofs[m]?.push(a.node);
      next.push({ node: pair(a.node, b.node), members: [...a.members, ...b.members] });
    }
    level = next;
  }
  return { root: level[0]?.node as Hex, leaves, proofs };
}

const entry = (entryHash: Hex, proof: Hex[], root: Hex) =>
  ({ entry_hash: entryHash, merkle_proof: proof, merkle_root: root }) as AuditEntry;

describe("proofProblem with the nodes already proven", () => {
  const t = tree(13);

  it("every entry of a batch passes, in any order, and sharing the cache changes no answer", () => {
    const proven = new ProvenNodes();
    for (const i of [5, 0, 12, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11]) {
      expect(proofProblem(entry(t.leaves[i] as Hex, t.proofs[i] as Hex[], t.root), proven)).toBeNull();
    }
    // the remembered nodes are the leaves and inner nodes: a tree of 13 leaves has 25
    expect(proven.of(t.root).size).toBeLessThanOrEqual(25);
  });

  it("a wrong leaf, sibling or root fails even once its batch is proven", () => {
    const proven = new ProvenNodes();
    t.leaves.forEach((leaf, i) => {
      proofProblem(entry(leaf, t.proofs[i] as Hex[], t.root), proven);
    });
    const stranger = keccak256(toHex("not in the tree"));
    expect(proofProblem(entry(stranger, t.proofs[3] as Hex[], t.root), proven)).toMatch(/reaches/);
    const badSibling = [stranger, ...(t.proofs[3] as Hex[]).slice(1)];
    expect(proofProblem(entry(stranger, badSibling, t.root), proven)).toMatch(/reaches/);
    // a proven leaf of this tree is not thereby in another tree
    const other = tree(4);
    expect(proofProblem(entry(t.leaves[3] as Hex, other.proofs[0] as Hex[], other.root), proven)).toMatch(
      /reaches/,
    );
    expect(proofProblem(entry(t.leaves[3] as Hex, t.proofs[3] as Hex[], other.root), proven)).toMatch(
      /reaches/,
    );
  });

  it("a malformed proof is reported as such, cached or not", () => {
    const proven = new ProvenNodes();
    expect(proofProblem(entry(t.leaves[0] as Hex, t.proofs[0] as Hex[], t.root), proven)).toBeNull();
    expect(proofProblem(entry(t.leaves[1] as Hex, ["0x1234"], t.root), proven)).toMatch(/malformed/);
    expect(proofProblem(entry(t.leaves[1] as Hex, t.proofs[1] as Hex[], "0x12" as Hex), proven)).toMatch(
      /malformed/,
    );
  });

  it("remembers the nodes of the last few roots only", () => {
    const proven = new ProvenNodes(2);
    proven.of("0xa").add("0x1");
    proven.of("0xb").add("0x2");
    expect(proven.of("0xa").has("0x1")).toBe(true);
    proven.of("0xc").add("0x3"); // a third root: the first one seen is forgotten
    expect(proven.of("0xb").has("0x2")).toBe(true);
    expect(proven.of("0xa").has("0x1")).toBe(false);
  });
});
