import {
  encodeTileIndex,
  entryBundlePath,
  MAX_TILE_PATH_LENGTH,
  parseTilePath,
  tilePath,
} from "./tile-paths";

describe("tlog-tiles paths", () => {
  it("encodes N in x-prefixed 3-digit groups", () => {
    expect(encodeTileIndex(0)).toBe("000");
    expect(encodeTileIndex(999)).toBe("999");
    expect(encodeTileIndex(1000)).toBe("x001/000");
    expect(encodeTileIndex(1234067)).toBe("x001/x234/067");
    expect(encodeTileIndex(2 ** 53 - 1)).toBe("x009/x007/x199/x254/x740/991");
  });

  it("writes tile and entry bundle paths, .p/<W> only for partial ones", () => {
    expect(tilePath({ level: 0, index: 273, width: 112 })).toBe("tile/0/273.p/112");
    expect(tilePath({ level: 1, index: 1234067, width: 256 })).toBe("tile/1/x001/x234/067");
    expect(entryBundlePath({ index: 5, width: 256 })).toBe("tile/entries/005");
    expect(entryBundlePath({ index: 1000, width: 1 })).toBe("tile/entries/x001/000.p/1");
  });

  it("parses what it writes", () => {
    for (const path of [
      "tile/0/000",
      "tile/63/x001/x234/067.p/255",
      "tile/entries/273.p/112",
      "tile/entries/x009/x007/x199/x254/x740/991",
    ]) {
      const parsed = parseTilePath(path);
      expect(parsed.kind === "entries" ? entryBundlePath(parsed) : tilePath(parsed)).toBe(path);
    }
    expect(parseTilePath("tile/2/x001/000.p/7")).toEqual({ kind: "tile", level: 2, index: 1000, width: 7 });
  });

  it.each([
    ["no zero padding", "tile/0/1"],
    ["a leading x000 group", "tile/0/x000/001"],
    ["level with a leading zero", "tile/01/000"],
    ["level 64", "tile/64/000"],
    ["width 0", "tile/0/000.p/0"],
    ["width 256 written as partial", "tile/0/000.p/256"],
    ["width with a leading zero", "tile/0/000.p/07"],
    ["a last group with x", "tile/0/x001"],
    ["a trailing slash", "tile/0/000/"],
    ["dot segments", "tile/0/../000"],
    ["Go's height segment", "tile/8/0/000"],
    ["an index past 2^53", "tile/0/x009/x007/x199/x254/x740/992"],
  ])("refuses %s", (_, path) => {
    expect(() => parseTilePath(path)).toThrow(expect.objectContaining({ reason: "malformed" }));
  });

  it("refuses a long path before matching it", () => {
    expect(() => parseTilePath(`tile/0/${"x001/".repeat(1000)}000`)).toThrow(
      expect.objectContaining({
        reason: "too_large",
        shortMessage: `tile path is longer than ${MAX_TILE_PATH_LENGTH} characters`,
      }),
    );
  });

  it("refuses coordinates out of range when writing", () => {
    expect(() => tilePath({ level: 0, index: 0, width: 257 })).toThrow(
      expect.objectContaining({ reason: "invalid_argument" }),
    );
    expect(() => tilePath({ level: 64, index: 0, width: 1 })).toThrow(
      expect.objectContaining({ reason: "invalid_argument" }),
    );
    expect(() => entryBundlePath({ index: -1, width: 1 })).toThrow(
      expect.objectContaining({ reason: "invalid_argument" }),
    );
  });
});
