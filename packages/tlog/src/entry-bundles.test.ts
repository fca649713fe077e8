import { decodeEntryBundle, encodeEntryBundle } from "./entry-bundles";

describe("entry bundles", () => {
  it("are big-endian uint16 length-prefixed entries", () => {
    const bundle = encodeEntryBundle([
      new Uint8Array([1, 2]),
      new Uint8Array(0),
      new Uint8Array(300).fill(7),
    ]);
    expect([...bundle.subarray(0, 6)]).toEqual([0, 2, 1, 2, 0, 0]);
    expect([...bundle.subarray(6, 8)]).toEqual([1, 44]);
    expect(decodeEntryBundle(bundle).map((e) => e.length)).toEqual([2, 0, 300]);
  });

  it("round-trips 256 entries of 32 bytes (a full bundle of entry hashes)", () => {
    const entries = Array.from({ length: 256 }, (_, i) => new Uint8Array(32).fill(i));
    const decoded = decodeEntryBundle(encodeEntryBundle(entries), { width: 256, entrySize: 32 });
    expect(decoded).toEqual(entries);
  });

  it.each([
    ["ends inside a length prefix", new Uint8Array([0, 1, 9, 0])],
    ["ends inside an entry", new Uint8Array([0, 5, 1, 2])],
    ["is empty", new Uint8Array(0)],
  ])("refuses a bundle that %s", (_, data) => {
    expect(() => decodeEntryBundle(data)).toThrow(expect.objectContaining({ reason: "malformed" }));
  });

  it("refuses more than 256 entries, a count other than the path's, entries of another size", () => {
    const many = new Uint8Array(257 * 2); // 257 empty entries
    expect(() => decodeEntryBundle(many)).toThrow(expect.objectContaining({ reason: "too_large" }));
    const two = encodeEntryBundle([new Uint8Array(32), new Uint8Array(31)]);
    expect(() => decodeEntryBundle(two, { width: 3 })).toThrow(/holds 2 entries, not 3/);
    expect(() => decodeEntryBundle(two, { entrySize: 32 })).toThrow(/entry 1 is 31 bytes, not 32/);
    expect(() => encodeEntryBundle([])).toThrow(expect.objectContaining({ reason: "invalid_argument" }));
    expect(() => encodeEntryBundle([new Uint8Array(65536)])).toThrow(
      expect.objectContaining({ reason: "invalid_argument" }),
    );
  });
});
