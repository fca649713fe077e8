// The SDK's own RFC 8785 implementation against the server's (json-canonicalize via @ctxlog/core):
// the same text and the same context_hash, byte for byte.
import { canonicalJson, hashContext as serverHashContext } from "@ctxlog/core";
import { canonicalize, hashContext } from "@ctxlog/sdk";

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

describe("the SDK's canonical JSON and the server's", () => {
  it("equals the server's canonical JSON on 2,000 random documents", () => {
    const rand = prng(8785);
    for (let i = 0; i < 2000; i++) {
      const value = randomValue(rand, 0);
      expect(canonicalize(value)).toBe(canonicalJson(value));
    }
  });
});

describe("the SDK's hashContext and the server's", () => {
  it.each([
    [{ agent_id: "planner-7", context_data: { task: "summarize", steps: 3 }, metadata: { run: 42 } }],
    [{ agent_id: "a", context_data: { y: { b: 2, a: 1 }, x: 1 } }],
    [{ agent_id: "a", context_data: {}, metadata: null }],
    [{ agent_id: "ü😀", context_data: { "\u2028": ["\u0000"] }, metadata: {} }],
  ])("gives the server's canonical text and hash for %j", (input) => {
    expect(hashContext(input)).toEqual(serverHashContext(input));
  });
});
