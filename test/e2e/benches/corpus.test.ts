// The benches' payload corpus (bench/corpus) is generated at each bench's start, so its bytes must
// be the same on every machine and in every run: a figure measured on it today and one measured
// next month are on the same data. Pinned here by the sha256 of its JSON lines; a deliberate change
// of the generator changes the hash, the seed's version (corpus.js SEED) and bench/corpus/README.md's
// figures together.
import { canonicalContext, encodeCanonical } from "@ctxlog/core";

interface CorpusEntry {
  kind: string;
  bytes: number;
  data: Record<string, unknown>;
}
const corpusModule = require("../../../bench/corpus/corpus") as {
  SEED: string;
  ENTRIES: number;
  SIZE: { min: number; max: number; median: number };
  KIND_WEIGHTS: [string, number][];
  generateCorpus(seed?: string, n?: number): CorpusEntry[];
  corpusSha256(entries: CorpusEntry[]): string;
  incompressibleData(size: number, n: number): Record<string, unknown>;
};
const { corpusSha256, generateCorpus, incompressibleData } = corpusModule;

const PINNED_SHA256 = "3d65d130f430647f6c3b187b3bb380ca94c919d7e9de553c944cb4cba24667da";

/** stored bytes / canonical JSON bytes over `datas`, as the service stores a context */
function storedRatio(datas: Record<string, unknown>[]): number {
  let raw = 0;
  let stored = 0;
  for (const [i, context_data] of datas.entries()) {
    const { canonical } = canonicalContext({
      agent_id: "bench-agent-00001",
      context_data,
      metadata: { seq: i },
    });
    raw += Buffer.byteLength(canonical);
    stored += encodeCanonical(canonical).length;
  }
  return stored / raw;
}

describe("the bench corpus", () => {
  const corpus = generateCorpus();

  it("is the same bytes from its seed on every machine (sha256 pinned)", () => {
    expect(corpus).toHaveLength(corpusModule.ENTRIES);
    expect(corpusSha256(corpus)).toBe(PINNED_SHA256);
  });

  it("makes the same bytes again from the same seed, and other bytes from another", () => {
    const a = generateCorpus("seed A", 60);
    expect(corpusSha256(generateCorpus("seed A", 60))).toBe(corpusSha256(a));
    expect(corpusSha256(generateCorpus("seed B", 60))).not.toBe(corpusSha256(a));
  });

  it("holds the stated mix: 200 B to 64 KiB of JSON, median ~1.5 KiB, every kind", () => {
    const sizes = corpus.map((e) => e.bytes).sort((x, y) => x - y);
    for (const e of corpus) expect(e.bytes).toBe(Buffer.byteLength(JSON.stringify(e.data)));
    expect(sizes[0]).toBeGreaterThanOrEqual(200);
    expect(sizes[sizes.length - 1]).toBeLessThanOrEqual(64 * 1024);
    const median = sizes[sizes.length / 2] as number;
    expect(median).toBeGreaterThan(1_300);
    expect(median).toBeLessThan(1_800);
    const kinds = new Set(corpus.map((e) => e.kind));
    expect([...kinds].sort()).toEqual(corpusModule.KIND_WEIGHTS.map(([kind]) => kind).sort());
  });

  it("compresses like text, and its incompressible twin does not", () => {
    const sample = corpus.slice(0, 300);
    const text = storedRatio(sample.map((e) => e.data));
    const random = storedRatio(sample.map((e, i) => incompressibleData(e.bytes, i)));
    // README.md: the corpus ~0.57 (real English prose 0.46–0.55), random base64 ~0.78 (6 bits a character)
    expect(text).toBeGreaterThan(0.4);
    expect(text).toBeLessThan(0.7);
    expect(random).toBeGreaterThan(0.74);
  });
});
