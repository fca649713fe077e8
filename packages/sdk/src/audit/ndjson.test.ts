import { ndjsonLines } from "./ndjson";

async function* chunks(...parts: (string | Uint8Array)[]) {
  yield* parts;
}
const collect = async (source: AsyncIterable<Uint8Array | string>) => {
  const lines: string[] = [];
  for await (const line of ndjsonLines(source)) lines.push(line);
  return lines;
};

describe("ndjsonLines", () => {
  it("yields each line once, whatever the chunking, skipping blank lines", async () => {
    expect(await collect(chunks('{"a":1}\n{"b"', ':2}\n\n  \n{"c":3}\n{"d":4}\n{"e"', ":5}"))).toEqual([
      '{"a":1}',
      '{"b":2}',
      '{"c":3}',
      '{"d":4}',
      '{"e":5}',
    ]);
    expect(await collect(chunks(""))).toEqual([]);
    expect(await collect(chunks("\n\n"))).toEqual([]);
  });

  it("decodes UTF-8 split across byte chunks", async () => {
    const bytes = new TextEncoder().encode('{"s":"ünï€"}\n{"t":"🙂"}\n');
    const parts = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
    expect(await collect(chunks(...parts))).toEqual(['{"s":"ünï€"}', '{"t":"🙂"}']);
  });
});
