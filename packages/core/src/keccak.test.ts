import { keccak256 } from "viem";
import { hashContext } from "./canonical";
import { fastKeccakLoaded, keccak256Bytes, keccak256Hex, loadFastKeccak } from "./keccak";
import { buildMerkleTree } from "./merkle";

const inputs = [
  new Uint8Array(0),
  new TextEncoder().encode("abc"),
  new Uint8Array(4_096).map((_, i) => i % 251),
];

describe("keccak256: the WebAssembly implementation gives viem's digests", () => {
  it("before and after loading, for empty, short and long inputs", async () => {
    const context = { agent_id: "a", context_data: { é: "😀", n: 1e21 }, metadata: {} };
    const before = { hashes: inputs.map(keccak256Hex), context: hashContext(context).contextHash };
    const leaves = inputs.map((i) => keccak256(i));
    const rootBefore = buildMerkleTree(leaves).root;
    await loadFastKeccak();
    expect(fastKeccakLoaded()).toBe(true);
    expect(inputs.map(keccak256Hex)).toEqual(before.hashes);
    expect(inputs.map(keccak256Hex)).toEqual(inputs.map((i) => keccak256(i)));
    expect(inputs.map((i) => Buffer.from(keccak256Bytes(i)).toString("hex"))).toEqual(
      inputs.map((i) => keccak256(i).slice(2)),
    );
    expect(hashContext(context).contextHash).toBe(before.context);
    expect(buildMerkleTree(leaves).root).toBe(rootBefore);
  });
});
