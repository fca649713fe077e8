// The receipts root of a block, recomputed from its receipts: a Merkle-Patricia trie keyed by
// rlp(transaction index) whose values are the consensus encoding of each receipt (EIP-2718: the
// type byte, then rlp([status, cumulativeGasUsed, logsBloom, logs]); legacy receipts untyped).
import { concatHex, type Hex, hexToBytes, keccak256, toRlp } from "viem";
import type { RpcObject } from "./pack-format";
import { dataBytes, quantityBytes } from "./rlp-quantity";

type RlpItem = Hex | RlpItem[];

/** The consensus encoding of one JSON-RPC receipt (what the trie stores). */
export function encodeReceipt(receipt: RpcObject, name = "receipt"): Hex {
  // a legacy receipt's type is "0x0" (or absent): the quantity's bytes are then empty
  const typeBytes = quantityBytes(receipt.type ?? "0x0", `${name}.type`);
  const type = typeBytes === "0x" ? 0 : Number.parseInt(typeBytes.slice(2), 16);
  if (!Array.isArray(receipt.logs)) throw new TypeError(`${name}.logs is not an array`);
  // post-Byzantium: status 1 is the byte 0x01, status 0 the empty string
  const status = quantityBytes(receipt.status, `${name}.status`);
  if (status !== "0x" && status !== "0x01") throw new TypeError(`${name}.status must be 0x0 or 0x1`);
  const logs = (receipt.logs as RpcObject[]).map((log, i): RlpItem => {
    if (!Array.isArray(log.topics)) throw new TypeError(`${name}.logs[${i}].topics is not an array`);
    return [
      dataBytes(log.address, `${name}.logs[${i}].address`, 20),
      (log.topics as unknown[]).map((t, j) => dataBytes(t, `${name}.logs[${i}].topics[${j}]`, 32)),
      dataBytes(log.data, `${name}.logs[${i}].data`),
    ];
  });
  const body = toRlp([
    status,
    quantityBytes(receipt.cumulativeGasUsed, `${name}.cumulativeGasUsed`),
    dataBytes(receipt.logsBloom, `${name}.logsBloom`, 256),
    logs,
  ] as never);
  if (type === 0) return body;
  if (type > 0x7f) throw new TypeError(`${name}.type ${type} is not an EIP-2718 type`);
  return concatHex([`0x${type.toString(16).padStart(2, "0")}`, body]);
}

interface Leaf {
  nibbles: number[];
  value: Hex;
}

const toNibbles = (bytes: Uint8Array) => Array.from(bytes).flatMap((b) => [b >> 4, b & 15]);

/** Hex-prefix encoding of a path (Yellow Paper, appendix C): a flag nibble, padded to whole bytes. */
function hexPrefix(path: readonly number[], leaf: boolean): Hex {
  const flag = leaf ? 2 : 0;
  const nibbles = path.length % 2 === 1 ? [flag + 1, ...path] : [flag, 0, ...path];
  let hex = "0x";
  for (let i = 0; i < nibbles.length; i += 2) {
    hex += ((nibbles[i] as number) * 16 + (nibbles[i + 1] as number)).toString(16).padStart(2, "0");
  }
  return hex as Hex;
}

/** A child as its parent holds it: inline when its encoding is under 32 bytes, else its hash. */
function reference(node: RlpItem): RlpItem {
  const encoded = toRlp(node as never);
  return (encoded.length - 2) / 2 < 32 ? node : keccak256(encoded);
}

function trieNode(leaves: readonly Leaf[], depth: number): RlpItem {
  if (leaves.length === 1) {
    const only = leaves[0] as Leaf;
    return [hexPrefix(only.nibbles.slice(depth), true), only.value];
  }
  // the longest path every leaf shares from here: an extension node
  let shared = 0;
  const first = (leaves[0] as Leaf).nibbles;
  while (
    depth + shared < first.length &&
    leaves.every(
      (l) => l.nibbles.length > depth + shared && l.nibbles[depth + shared] === first[depth + shared],
    )
  ) {
    shared++;
  }
  if (shared > 0) {
    return [
      hexPrefix(first.slice(depth, depth + shared), false),
      reference(trieNode(leaves, depth + shared)),
    ];
  }
  const branch: RlpItem[] = [];
  for (let nibble = 0; nibble < 16; nibble++) {
    const under = leaves.filter((l) => l.nibbles.length > depth && l.nibbles[depth] === nibble);
    branch.push(under.length === 0 ? "0x" : reference(trieNode(under, depth + 1)));
  }
  branch.push(leaves.find((l) => l.nibbles.length === depth)?.value ?? "0x");
  return branch;
}

/** The root of the trie mapping rlp(i) to values[i]: a block's transactionsRoot or receiptsRoot. */
export function orderedTrieRoot(values: readonly Hex[]): Hex {
  if (values.length === 0) return keccak256(toRlp("0x"));
  const leaves = values.map((value, i) => ({
    nibbles: toNibbles(hexToBytes(toRlp(i === 0 ? "0x" : quantityBytes(`0x${i.toString(16)}`, "index")))),
    value,
  }));
  return keccak256(toRlp(trieNode(leaves, 0) as never));
}

/** The receipts root of a block from its JSON-RPC receipts, in block order. */
export function receiptsRoot(receipts: readonly RpcObject[]): Hex {
  return orderedTrieRoot(receipts.map((r, i) => encodeReceipt(r, `receipts[${i}]`)));
}
