import {
  childPath,
  describePath,
  findMatches,
  formatBytes,
  initiallyOpen,
  MAX_MATCHES,
  openToLevel,
  SMALL_VALUE_NODES,
  splitOnMatches,
  walk,
} from "./json-view";

describe("the JSON viewer's model", () => {
  it("names nodes by JSON Pointer, escaping ~ and /", () => {
    expect(childPath("", "a/b~c")).toBe("/a~1b~0c");
    expect(childPath("/items", 3)).toBe("/items/3");
    const paths: string[] = [];
    walk({ a: [1, { b: null }], c: "x" }, (node) => {
      paths.push(node.path);
      return undefined;
    });
    expect(paths).toEqual(["", "/a", "/a/0", "/a/1", "/a/1/b", "/c"]);
  });

  it("walks a value nested deeper than a call stack", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 20_000; i++) deep = [deep];
    let depth = 0;
    walk(deep, (node) => {
      depth = Math.max(depth, node.depth);
      return undefined;
    });
    expect(depth).toBe(20_000);
  });

  it("opens a small value whole and a big one to its second level only", () => {
    const small = { a: { b: { c: [1, 2] } } };
    expect([...initiallyOpen(small)].sort()).toEqual(["", "/a", "/a/b", "/a/b/c"]);
    const big = { rows: Array.from({ length: SMALL_VALUE_NODES }, (_, i) => ({ id: i, tags: ["x"] })) };
    const open = initiallyOpen(big);
    expect([...open].sort()).toEqual(["", "/rows"]);
    expect(openToLevel(big, 3).has("/rows/7")).toBe(true);
    expect(openToLevel(big, 3).has("/rows/7/tags")).toBe(false);
    expect(openToLevel(big, 0).size).toBe(0);
  });

  it("finds keys and values in any case, the containers on the way, and how far to draw them", () => {
    const value = {
      agent: "Planner",
      rows: [{ note: "ok" }, { note: "ok" }, { note: "the PLANNER failed" }],
      planner_version: 2,
    };
    const found = findMatches(value, "planner");
    expect(found.paths).toEqual(["/agent", "/rows/2/note", "/planner_version"]);
    expect(found.total).toBe(3);
    expect([...found.containers].sort()).toEqual(["", "/rows", "/rows/2"]);
    // the third row of rows, and the first child of that row
    expect(found.reach.get("/rows")).toBe(3);
    expect(found.reach.get("/rows/2")).toBe(1);
    expect(found.reach.get("")).toBe(3);
    expect(findMatches(value, "absent").total).toBe(0);
  });

  it("keeps the first matches of a search that matches everything, and counts them all", () => {
    const value = Array.from({ length: MAX_MATCHES + 50 }, (_, i) => `item ${i}`);
    const found = findMatches(value, "item");
    expect(found.paths).toHaveLength(MAX_MATCHES);
    expect(found.total).toBe(MAX_MATCHES + 50);
  });

  it("cuts a text around each match for highlighting", () => {
    expect(splitOnMatches('"Abc abc"', "ABC")).toEqual([
      { text: '"', match: false, at: 0 },
      { text: "Abc", match: true, at: 1 },
      { text: " ", match: false, at: 4 },
      { text: "abc", match: true, at: 5 },
      { text: '"', match: false, at: 8 },
    ]);
    expect(splitOnMatches("x", "")).toEqual([{ text: "x", match: false, at: 0 }]);
  });

  it("says sizes in bytes and KiB", () => {
    expect(formatBytes(1)).toBe("1 byte");
    expect(formatBytes(812)).toBe("812 bytes");
    expect(formatBytes(65_432)).toBe("63.9 KiB (65,432 bytes)");
  });

  it("names a node for its buttons", () => {
    expect(describePath(null, null, "Context data")).toBe("Context data");
    expect(describePath("Context data", "items", "Context data")).toBe("items");
    expect(describePath("items", 3, "Context data")).toBe("items[3]");
    expect(describePath("items[3]", "name", "Context data")).toBe("items[3].name");
  });
});
