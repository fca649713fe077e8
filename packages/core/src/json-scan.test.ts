import { type JsonPiece, JsonScanError, jsonSkeleton, scanJson } from "./json-scan";

function run(text: string, isPiece: (p: readonly (string | number)[]) => boolean = () => false) {
  const bytes = Buffer.from(text);
  const pieces: JsonPiece[] = [];
  const scan = scanJson(bytes, { isPiece, maxDepth: 8, sliceBytes: 4 });
  for (;;) {
    const next = scan.next();
    if (next.done) return { pieces, skeletonValues: next.value.skeletonValues, bytes };
    if (next.value) pieces.push(next.value);
  }
}

describe("scanJson", () => {
  it("finds the pieces at the chosen paths, counts their values, and the skeleton parses back", () => {
    const text = '{"items":[{"a":[1,2,{"b":"x\\"]"}]}, 7 ,"s"],"k\\u0061":null}';
    const { pieces, skeletonValues, bytes } = run(text, (p) => p.length === 2 && p[0] === "items");
    expect(pieces.map((p) => [p.path, text.slice(p.start, p.end), p.values])).toEqual([
      [["items", 0], '{"a":[1,2,{"b":"x\\"]"}]}', 6],
      [["items", 1], "7", 1],
      [["items", 2], '"s"', 1],
    ]);
    expect(skeletonValues).toBe(3); // the root, the items array, null
    expect(JSON.parse(jsonSkeleton(bytes, pieces))).toEqual({ items: [0, 1, 2], ka: null });
  });

  it.each(["[1,]", '{"a":1,}', '{"a" 1}', "[1] 2", '"open', "{", "[}", "@", '{"a":[[[[[[[[1]]]]]]]]}'])(
    "refuses %s",
    (text) => {
      expect(() => run(text)).toThrow(JsonScanError);
    },
  );

  it("takes empty containers and whitespace", () => {
    expect(run(' { "a" : [ ] , "b" : { } } ').skeletonValues).toBe(3);
  });
});
