import {
  bytesEqual,
  concatBytes,
  fromBase64,
  readUint32,
  readUint64,
  sha256,
  toBase64,
  toHex,
  uint32Bytes,
  uint64Bytes,
} from "./bytes";

describe("byte helpers", () => {
  it("base64: standard, padded, canonical only", () => {
    expect(toBase64(new Uint8Array([0xfb, 0xff]))).toBe("+/8=");
    expect([...fromBase64("+/8=", "x")]).toEqual([0xfb, 0xff]);
    expect(fromBase64("", "x")).toHaveLength(0);
    for (const bad of ["-_8=", "+/8", "+/9=", "+/8= ", " +/8=", "+/8=+/8=", "AA\nAA==", "A==="]) {
      expect(() => fromBase64(bad, "thing")).toThrow(expect.objectContaining({ reason: "malformed" }));
    }
    expect(() => fromBase64("+/9=", "thing")).toThrow("thing is not canonical base64");
  });

  it("big-endian integers, concatenation, comparison, SHA-256", () => {
    expect([...uint32Bytes(0xc74f20a3)]).toEqual([0xc7, 0x4f, 0x20, 0xa3]);
    expect(readUint32(new Uint8Array([0, 0xc7, 0x4f, 0x20, 0xa3]), 1)).toBe(0xc74f20a3);
    expect(readUint64(uint64Bytes(2n ** 63n - 1n), 0)).toBe(2n ** 63n - 1n);
    expect(toHex(concatBytes(new Uint8Array([1]), new Uint8Array(), new Uint8Array([2, 3])))).toBe("010203");
    expect(bytesEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true);
    expect(bytesEqual(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false);
    expect(bytesEqual(new Uint8Array([1]), new Uint8Array([1, 0]))).toBe(false);
    expect(toHex(sha256(new Uint8Array([0x61]), new Uint8Array([0x62, 0x63])))).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });
});
