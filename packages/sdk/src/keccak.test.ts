import { randomBytes } from "node:crypto";
import { keccak256 as viemKeccak256 } from "viem";
import { keccak256Bytes, keccak256Hex, keccak256Utf8 } from "./keccak";

describe("keccak256", () => {
  it("is viem's for every length from 0 to 3 blocks and beyond, random and all-ones bytes", () => {
    for (let length = 0; length <= 3 * 136 + 1; length++) {
      for (const data of [randomBytes(length), new Uint8Array(length).fill(0xff)]) {
        const expected = viemKeccak256(data);
        expect([length, keccak256Hex(data)]).toEqual([length, expected]);
        expect(Buffer.from(keccak256Bytes(data)).toString("hex")).toBe(expected.slice(2));
      }
    }
    const large = randomBytes(100_000);
    expect(keccak256Hex(large)).toBe(viemKeccak256(large));
  });

  it("has the published digests", () => {
    // keccak256("") and keccak256("abc"), as in the Keccak team's and Ethereum's test vectors
    expect(keccak256Utf8("")).toBe("0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
    expect(keccak256Utf8("abc")).toBe("0x4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45");
  });

  it("hashes UTF-8 text as viem does", () => {
    const text = '{"agent_id":"ünïcode 🙂","context_data":{}}';
    expect(keccak256Utf8(text)).toBe(viemKeccak256(new TextEncoder().encode(text)));
  });
});
