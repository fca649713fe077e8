import {
  bytesEqual,
  concatBytes,
  fromBase64,
  fromHex0x,
  readUint32,
  readUint64,
  sha256,
  toBase64,
  toHex,
  uint32Bytes,
  uint64Bytes,
  utf8Bytes,
  utf8Length,
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

describe("base64, hex and UTF-8 without Buffer (browsers have none)", () => {
  it("encode and decode as Node's Buffer does, for every length around the padding", () => {
    for (let n = 0; n < 70; n++) {
      const bytes = new Uint8Array(Array.from({ length: n }, (_, i) => (i * 97 + n * 31) & 255));
      const expected = Buffer.from(bytes).toString("base64");
      expect(toBase64(bytes)).toBe(expected);
      expect(Buffer.from(fromBase64(expected, "t")).equals(Buffer.from(bytes))).toBe(true);
      expect(toHex(bytes)).toBe(Buffer.from(bytes).toString("hex"));
      const hex = Buffer.from(bytes).toString("hex");
      expect(Buffer.from(fromHex0x(`0x${hex}`, "t")).equals(Buffer.from(bytes))).toBe(true);
      expect(Buffer.from(fromHex0x(`0x${hex.toUpperCase()}`, "t")).equals(Buffer.from(bytes))).toBe(true);
    }
  });

  it("refuses hex without its 0x, of odd length, or with other characters", () => {
    for (const text of ["ab", "0xa", "0xag", "0x 1", "0Xab"]) {
      expect(() => fromHex0x(text, "the root")).toThrow(
        expect.objectContaining({ reason: "malformed", shortMessage: "the root is not 0x-hex" }),
      );
    }
  });

  it("measures UTF-8 as Buffer.byteLength does, lone surrogates included", () => {
    for (const text of ["", "abc", "é", "€", "😀", "a😀b", "\ud800", "\udc00x", "\ud800\ud800", "— note —"]) {
      expect(utf8Length(text)).toBe(Buffer.byteLength(text, "utf8"));
      expect(Buffer.from(utf8Bytes(text)).equals(Buffer.from(text, "utf8"))).toBe(true);
    }
  });
});
