// The SDK's own RFC 8785 implementation against the server's (json-canonicalize via @ctxlog/core):
// the same text and the same context_hash, byte for byte.
import { canonicalJson, hashContext as serverHashContext } from "@ctxlog/core";
import { canonicalize, hashContext } from "./canonical";

/** Small deterministic PRNG (mulberry32) so a failure can be replayed. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = [
  "a",
  "b",
  "Z",
  "é",
  "€",
  "😀",
  "\u0000",
  "\n",
  '"',
  "\\",
  "\u2028",
  "\ud800\udc00",
  "ſ",
  "1",
  " ",
];

function randomValue(rand: () => number, depth: number): unknown {
  const pick = Math.floor(rand() * (depth > 3 ? 5 : 7));
  const str = () =>
    Array.from({ length: Math.floor(rand() * 6) }, () => ALPHABET[Math.floor(rand() * ALPHABET.length)]).join(
      "",
    );
  switch (pick) {
    case 0:
      return null;
    case 1:
      return rand() < 0.5;
    case 2: {
      const numbers = [
        0,
        -0,
        1,
        -1,
        0.1,
        1e21,
        1e-7,
        123456789.125,
        2 ** 53,
        -(2 ** 60),
        5e-324,
        1.7976931348623157e308,
      ];
      return rand() < 0.5
        ? numbers[Math.floor(rand() * numbers.length)]
        : (rand() - 0.5) * 10 ** Math.floor(rand() * 40 - 20);
    }
    case 3:
    case 4:
      return str();
    case 5:
      return Array.from({ length: Math.floor(rand() * 4) }, () => randomValue(rand, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: Math.floor(rand() * 5) }, () => [str(), randomValue(rand, depth + 1)]),
      );
  }
}

describe("canonicalize (RFC 8785)", () => {
  it("matches RFC 8785's own examples", () => {
    // §3.2.2.3 number serialization samples and §3.2.3 sorting example.
    expect(canonicalize([1e30, 4.5, 0.002, 1e-27, 333333333.3333333, -0, 1e21, 1e-7])).toBe(
      "[1e+30,4.5,0.002,1e-27,333333333.3333333,0,1e+21,1e-7]",
    );
    expect(
      canonicalize({
        "\u20ac": "Euro Sign",
        "\r": "Carriage Return",
        "\ufb33": "Hebrew Letter Dalet With Dagesh",
        "1": "One",
        "\ud83d\ude00": "Emoji: Grinning Face",
        "\u0080": "Control",
        "\u00f6": "Latin Small Letter O With Diaeresis",
      }),
    ).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
    expect(
      canonicalize({ literals: [null, true, false], string: "\u20ac$\u000f\u000aA'\u0042\u0022\u005c\\\"/" }),
    ).toBe('{"literals":[null,true,false],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}');
  });

  it("equals the server's canonical JSON on 2,000 random documents", () => {
    const rand = prng(8785);
    for (let i = 0; i < 2000; i++) {
      const value = randomValue(rand, 0);
      expect(canonicalize(value)).toBe(canonicalJson(value));
    }
  });

  it("follows JSON.stringify for values JSON cannot hold, like the server", () => {
    const value = {
      a: undefined,
      b: [undefined, () => 1],
      c: new Date(0),
      d: { toJSON: () => ({ y: 1, x: 2 }) },
    };
    expect(canonicalize(value)).toBe('{"b":[null,null],"c":"1970-01-01T00:00:00.000Z","d":{"x":2,"y":1}}');
    expect(() => canonicalize(Number.NaN)).toThrow(TypeError);
    expect(() => canonicalize({ n: Number.POSITIVE_INFINITY })).toThrow(TypeError);
    expect(() => canonicalize(10n)).toThrow(TypeError);
    expect(() => canonicalize(undefined)).toThrow(TypeError);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalize(cyclic)).toThrow(/cyclic/);
    // The same object twice, not nested in itself, is not a cycle.
    const shared = { k: 1 };
    expect(canonicalize({ a: shared, b: shared })).toBe('{"a":{"k":1},"b":{"k":1}}');
  });
});

describe("hashContext", () => {
  it.each([
    [{ agent_id: "planner-7", context_data: { task: "summarize", steps: 3 }, metadata: { run: 42 } }],
    [{ agent_id: "a", context_data: { y: { b: 2, a: 1 }, x: 1 } }],
    [{ agent_id: "a", context_data: {}, metadata: null }],
    [{ agent_id: "ü😀", context_data: { "\u2028": ["\u0000"] }, metadata: {} }],
  ])("gives the server's canonical text and hash for %j", (input) => {
    expect(hashContext(input)).toEqual(serverHashContext(input));
  });

  it("always includes metadata, defaulting to {}", () => {
    expect(hashContext({ agent_id: "a", context_data: { k: 1 } }).canonical).toBe(
      '{"agent_id":"a","context_data":{"k":1},"metadata":{}}',
    );
  });

  it("is independent of key order", () => {
    const a = hashContext({ agent_id: "a", context_data: { x: 1, y: { b: 2, a: 1 } } });
    const b = hashContext({ agent_id: "a", context_data: { y: { a: 1, b: 2 }, x: 1 } });
    expect(a.contextHash).toBe(b.contextHash);
  });
});
