// The receipts root and block hash recomputed from real anvil blocks (test-vectors/evidence): a
// block of 130 transfers of the three receipt types (legacy untyped, EIP-2930, EIP-1559), whose
// receipt keys run past rlp(127), and the anchors' Prague headers.
import { readFileSync } from "node:fs";
import path from "node:path";
import { keccak256, toRlp } from "viem";
import { blockHash, FORK_FIELDS } from "./block-header";
import { readPackZip } from "./read-zip";
import { receiptsRoot } from "./receipts-trie";

const dir = path.join(__dirname, "../../../../test-vectors/evidence");
type Raw = Record<string, unknown>;
const busy = JSON.parse(readFileSync(path.join(dir, "busy-block.json"), "utf8")) as {
  block: Raw;
  receipts: Raw[];
};
const anchors = JSON.parse(
  new TextDecoder().decode(
    readPackZip(new Uint8Array(readFileSync(path.join(dir, "valid.zip")))).get("anchors.json"),
  ),
) as { anchors: { block: Raw; receipts: Raw[]; headers: Raw[] }[] };

describe("receipts root", () => {
  it("is the block's for 130 receipts", () => {
    expect(busy.receipts).toHaveLength(130);
    expect(receiptsRoot(busy.receipts)).toBe(busy.block.receiptsRoot);
  });

  it("is the block's for each anchor block, and changes with any receipt", () => {
    for (const a of anchors.anchors) expect(receiptsRoot(a.receipts)).toBe(a.block.receiptsRoot);
    const changed = busy.receipts.map((r, i) => (i === 129 ? { ...r, status: "0x0" } : r));
    expect(receiptsRoot(changed)).not.toBe(busy.block.receiptsRoot);
    expect(receiptsRoot(busy.receipts.slice(1))).not.toBe(busy.block.receiptsRoot);
  });

  it("of no receipts is the empty trie's", () => {
    expect(receiptsRoot([])).toBe(keccak256(toRlp("0x")));
    expect(receiptsRoot([])).toBe("0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421");
  });
});

describe("block hash", () => {
  it("is each recorded header's own hash", () => {
    expect(blockHash(busy.block)).toBe(busy.block.hash);
    for (const a of anchors.anchors) {
      expect(blockHash(a.block)).toBe(a.block.hash);
      for (const h of a.headers) expect(blockHash(h)).toBe(h.hash);
    }
  });

  it("includes every fork field present, and refuses one without the field before it", () => {
    const header = anchors.anchors[0]?.block as Raw;
    for (const [field] of FORK_FIELDS) expect(header[field]).toBeDefined(); // anvil's Prague
    const { requestsHash: _, ...cancun } = header;
    expect(blockHash(cancun)).not.toBe(header.hash); // a valid Cancun header, but not this block
    const { baseFeePerGas: __, ...gap } = header;
    expect(() => blockHash(gap)).toThrow("header.withdrawalsRoot is given without header.baseFeePerGas");
  });
});
