// keccak256 (the Ethereum one: Keccak padding 0x01, not SHA3's 0x06), the SDK's own. An audit
// hashes every entry half a dozen times (canonical context, entry struct, signed digest, Merkle
// pairs), and viem's keccak256 (noble's, array-based rounds) costs 3 to 5 times this unrolled
// permutation; keccak.test.ts checks both give the same digest for every length across blocks.
import type { Hex } from "viem";
import { keccakF1600 } from "./keccak-f1600";

const RATE = 136; // bytes absorbed per permutation: 1600 − 2 × 256 bits
const state = new Int32Array(50);
const block = new Uint8Array(RATE);

function absorb(bytes: Uint8Array, offset: number) {
  for (let i = 0; i < RATE / 4; i++) {
    const j = offset + 4 * i;
    state[i] =
      (state[i] as number) ^
      ((bytes[j] as number) |
        ((bytes[j + 1] as number) << 8) |
        ((bytes[j + 2] as number) << 16) |
        ((bytes[j + 3] as number) << 24));
  }
  keccakF1600(state);
}

function hash(data: Uint8Array): void {
  state.fill(0);
  let offset = 0;
  for (; offset + RATE <= data.length; offset += RATE) absorb(data, offset);
  // the last, partial block: message ‖ 0x01 ‖ 0…0 ‖ 0x80 (one byte 0x81 when both fall together)
  block.fill(0);
  block.set(data.subarray(offset));
  block[data.length - offset] = 0x01;
  block[RATE - 1] = (block[RATE - 1] as number) | 0x80;
  absorb(block, 0);
}

/** keccak256 of `data`, as 32 bytes. */
export function keccak256Bytes(data: Uint8Array): Uint8Array {
  hash(data);
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    const word = state[i] as number;
    out[4 * i] = word & 0xff;
    out[4 * i + 1] = (word >>> 8) & 0xff;
    out[4 * i + 2] = (word >>> 16) & 0xff;
    out[4 * i + 3] = word >>> 24;
  }
  return out;
}

const HEX_BYTES = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/** keccak256 of `data`, as lower-case 0x-hex. */
export function keccak256Hex(data: Uint8Array): Hex {
  hash(data);
  let hex = "0x";
  for (let i = 0; i < 8; i++) {
    const word = state[i] as number;
    hex +=
      (HEX_BYTES[word & 0xff] as string) +
      (HEX_BYTES[(word >>> 8) & 0xff] as string) +
      (HEX_BYTES[(word >>> 16) & 0xff] as string) +
      (HEX_BYTES[word >>> 24] as string);
  }
  return hex as Hex;
}

const utf8 = new TextEncoder();

/** keccak256 of the UTF-8 bytes of `text`, as lower-case 0x-hex. */
export const keccak256Utf8 = (text: string): Hex => keccak256Hex(utf8.encode(text));
