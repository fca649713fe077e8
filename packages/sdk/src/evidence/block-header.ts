// A block's hash recomputed from its header fields: keccak256(rlp(header)), with each fork's
// fields appended in order (London's base fee, Shanghai's withdrawals root, Cancun's blob gas and
// beacon root, Prague's requests hash). A header missing a field before one it has is malformed.
import { type Hex, keccak256, toRlp } from "viem";
import type { RpcObject } from "./pack-format";
import { dataBytes, quantityBytes } from "./rlp-quantity";

type Kind = "hash" | "address" | "bloom" | "bytes" | "nonce" | "quantity";

const BASE_FIELDS: [string, Kind][] = [
  ["parentHash", "hash"],
  ["sha3Uncles", "hash"],
  ["miner", "address"],
  ["stateRoot", "hash"],
  ["transactionsRoot", "hash"],
  ["receiptsRoot", "hash"],
  ["logsBloom", "bloom"],
  ["difficulty", "quantity"],
  ["number", "quantity"],
  ["gasLimit", "quantity"],
  ["gasUsed", "quantity"],
  ["timestamp", "quantity"],
  ["extraData", "bytes"],
  ["mixHash", "hash"],
  ["nonce", "nonce"],
];
/** The fields later forks appended, in order. */
export const FORK_FIELDS: [string, Kind][] = [
  ["baseFeePerGas", "quantity"],
  ["withdrawalsRoot", "hash"],
  ["blobGasUsed", "quantity"],
  ["excessBlobGas", "quantity"],
  ["parentBeaconBlockRoot", "hash"],
  ["requestsHash", "hash"],
];

const LENGTHS: Partial<Record<Kind, number>> = { hash: 32, address: 20, bloom: 256, nonce: 8 };

function item(header: RpcObject, [field, kind]: [string, Kind]): Hex {
  const value = header[field];
  return kind === "quantity"
    ? quantityBytes(value, `header.${field}`)
    : dataBytes(value, `header.${field}`, LENGTHS[kind]);
}

/** keccak256 of the header's RLP. Throws, naming the field, on a malformed header. */
export function blockHash(header: RpcObject): Hex {
  const items = BASE_FIELDS.map((f) => item(header, f));
  let ended: string | undefined;
  for (const field of FORK_FIELDS) {
    const present = header[field[0]] !== undefined && header[field[0]] !== null;
    if (!present) {
      ended ??= field[0];
      continue;
    }
    if (ended)
      throw new TypeError(`header.${field[0]} is given without header.${ended}, which comes before it`);
    items.push(item(header, field));
  }
  return keccak256(toRlp(items));
}
