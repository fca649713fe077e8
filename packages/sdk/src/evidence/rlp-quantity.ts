// JSON-RPC values as RLP items: quantities are minimal big-endian bytes (0 is the empty string),
// data fields are their bytes as given.
import type { Hex } from "viem";

const QUANTITY = /^0x(?:0|[1-9a-fA-F][0-9a-fA-F]*)$/;
const DATA = /^0x(?:[0-9a-fA-F]{2})*$/;

/** A JSON-RPC quantity ("0x0", "0x1a") as the bytes RLP encodes: no leading zero byte, 0 → "0x". */
export function quantityBytes(value: unknown, name: string): Hex {
  if (typeof value !== "string" || !QUANTITY.test(value)) throw new TypeError(`${name} is not a quantity`);
  if (value === "0x0") return "0x";
  const digits = value.slice(2).toLowerCase();
  return `0x${digits.length % 2 === 1 ? "0" : ""}${digits}`;
}

/** A JSON-RPC data field (hashes, addresses, bloom, extraData) as its bytes, checked. */
export function dataBytes(value: unknown, name: string, length?: number): Hex {
  if (typeof value !== "string" || !DATA.test(value)) throw new TypeError(`${name} is not 0x-hex bytes`);
  if (length !== undefined && value.length !== 2 + 2 * length)
    throw new TypeError(`${name} must be ${length} bytes`);
  return value.toLowerCase() as Hex;
}
