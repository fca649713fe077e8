import { deflateRawSync } from "node:zlib";
import { canonicalContext } from "./canonical";
import {
  CANONICAL_DEFLATE,
  CANONICAL_RAW,
  decodeCanonical,
  decodeCanonicalBytes,
  decodeContextBody,
  decodeProof,
  encodeCanonical,
  encodeProof,
  jsonStringBytes,
} from "./stored-data";

const canonical = (contextData: unknown, metadata: unknown = {}) =>
  canonicalContext({ agent_id: "agent-a", context_data: contextData, metadata }).canonical;

describe("encodeCanonical / decodeCanonical", () => {
  it("compresses a ~1 KiB context to a fraction of it and gives back the same text", () => {
    const text = canonical({ task: "summarize", notes: "x".repeat(800), steps: [1, 2, 3] }, { run: 1 });
    const stored = encodeCanonical(text);
    expect(stored[0]).toBe(CANONICAL_DEFLATE);
    expect(stored.readUInt32BE(1)).toBe(Buffer.byteLength(text));
    expect(stored.length).toBeLessThan(text.length / 4);
    expect(decodeCanonical(stored)).toBe(text);
  });

  it("keeps a small or incompressible context as it is (format 0x00), and non-ASCII text exactly", () => {
    for (const text of [canonical({ n: 1 }), canonical({ note: "é€😀", r: "q8Zr0Wx2Lk9Pm4Tn" })]) {
      const stored = encodeCanonical(text);
      expect(stored[0]).toBe(CANONICAL_RAW);
      expect(stored.subarray(1).toString("utf8")).toBe(text);
      expect(decodeCanonical(stored)).toBe(text);
    }
  });

  it("finds a repeat further back than 1 KiB, and reads a row written with the 1 KiB window before", () => {
    // 2 KiB that hardly repeat within themselves, then the same again: only a window over 2 KiB sees it
    let seed = 1;
    const run = Array.from({ length: 256 }, () => {
      seed = (seed * 48271) % 2147483647;
      return seed.toString(36).slice(-7);
    }).join(" ");
    const text = canonical({ first: run, second: run });
    const stored = encodeCanonical(text);
    const older = deflateRawSync(Buffer.from(text, "utf8"), { level: 1, windowBits: 10, memLevel: 5 });
    expect(stored.length - 5).toBeLessThan(older.length * 0.6);
    expect(decodeCanonical(stored)).toBe(text);
    const olderRow = Buffer.concat([Buffer.from([CANONICAL_DEFLATE, 0, 0, 0, 0]), older]);
    olderRow.writeUInt32BE(Buffer.byteLength(text), 1);
    expect(decodeCanonical(olderRow)).toBe(text);
  });

  it("refuses a format it does not know", () => {
    expect(() => decodeCanonical(Uint8Array.from([7, 1, 2]))).toThrow(/format 7/);
  });
});

describe("decodeContextBody", () => {
  it("parses context_data and metadata back from the stored canonical JSON (null: erased)", () => {
    const text = canonical({ b: 2, a: [1, { z: null, y: "é" }] }, { trace_id: "t" });
    expect(decodeContextBody(encodeCanonical(text))).toEqual({
      contextData: { a: [1, { y: "é", z: null }], b: 2 },
      metadata: { trace_id: "t" },
      canonicalJson: text,
    });
    expect(decodeContextBody(null)).toEqual({ contextData: null, metadata: null, canonicalJson: null });
  });
});

describe("encodeProof / decodeProof", () => {
  it("round-trips a proof as 32 bytes a node (lowercase hex back), and none as empty", () => {
    const proof = [`0x${"AB".repeat(32)}`, `0x${"01".repeat(32)}`];
    const stored = encodeProof(proof);
    expect(stored.length).toBe(64);
    expect(decodeProof(stored)).toEqual(proof.map((p) => p.toLowerCase()));
    expect(decodeProof(null)).toEqual([]);
    expect(decodeProof(new Uint8Array(0))).toEqual([]);
  });

  it("refuses what is not a 32-byte node", () => {
    expect(() => encodeProof(["0x1234"])).toThrow(/32-byte/);
    expect(() => decodeProof(new Uint8Array(33))).toThrow(/33 bytes/);
  });
});

describe("decodeCanonicalBytes / jsonStringBytes", () => {
  it("gives the canonical JSON's bytes of both formats, and its JSON string literal as JSON.stringify does", () => {
    const texts = [
      "",
      "plain",
      'quote " and backslash \\ and \\"',
      "controls \u0000\u0001\b\t\n\f\r\u001f end",
      "unicode é 日本 😀 \u2028\u2029",
      canonical({ nested: { 'k"ey': ["a\\b", 1, null] }, text: "line1\nline2" }),
    ];
    for (const text of texts) {
      expect(jsonStringBytes(Buffer.from(text, "utf8")).toString("utf8")).toBe(JSON.stringify(text));
      const stored = encodeCanonical(text.repeat(100));
      expect(decodeCanonicalBytes(stored).toString("utf8")).toBe(text.repeat(100));
    }
    // a view into a larger buffer is read from its own offset
    const big = Buffer.from('xx"y\\zz', "utf8");
    expect(jsonStringBytes(big.subarray(2, 6)).toString()).toBe(JSON.stringify('"y\\z'));
  });
});
