import { canonicalize } from "json-canonicalize";
import { keccak256 } from "viem";
import { canonicalContext, canonicalJson, hashCanonical, hashContext } from "./canonical";

const utf8 = (s: string) => new TextEncoder().encode(s);

describe("canonicalJson (RFC 8785)", () => {
  it("matches the RFC 8785 §3.2.2 example: literals, numbers and string escaping", () => {
    const input = JSON.parse(
      '{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],' +
        '"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}',
    );
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],' +
        '"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it("sorts keys by UTF-16 code units as in RFC 8785 §3.2.3", () => {
    const input = JSON.parse(
      '{"\\u20ac":"Euro Sign","\\r":"Carriage Return","\\ufb33":"Hebrew Letter Dalet With Dagesh",' +
        '"1":"One","\\ud83d\\ude00":"Emoji: Grinning Face","\\u0080":"Control",' +
        '"\\u00f6":"Latin Small Letter O With Diaeresis"}',
    );
    // "\r" (U+000D) comes before "1" (U+0031), and the emoji, compared by its high surrogate
    // U+D83D, comes before U+FB33 although its code point U+1F600 is larger.
    expect(canonicalJson(input)).toBe(
      // JS escapes, so the expected text is exact code points rather than whatever an editor stores.
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis",' +
        '"\u20ac":"Euro Sign","\u{1f600}":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  it.each([
    [0, "0"],
    [-0, "0"],
    [1e21, "1e+21"],
    [1e20, "100000000000000000000"],
    [0.000001, "0.000001"],
    [1e-7, "1e-7"],
    [5e-324, "5e-324"],
    [9007199254740991, "9007199254740991"],
    [-1.5, "-1.5"],
  ])("formats the number %p as %s", (n, text) => {
    expect(canonicalJson(n)).toBe(text);
  });

  it("sorts nested objects, keeps array order and strips insignificant whitespace", () => {
    expect(canonicalJson({ b: [3, { z: 1, a: 2 }], a: { y: null, x: "é" } })).toBe(
      '{"a":{"x":"é","y":null},"b":[3,{"a":2,"z":1}]}',
    );
  });

  it("agrees with a JSON round trip (undefined dropped in objects, null in arrays)", () => {
    const value = { a: undefined, b: [undefined, 1] };
    expect(canonicalJson(value)).toBe('{"b":[null,1]}');
    expect(canonicalJson(JSON.parse(JSON.stringify(value)))).toBe(canonicalJson(value));
  });

  it("refuses values with no JSON form", () => {
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
    expect(() => canonicalJson(() => 1)).toThrow(TypeError);
    expect(() => canonicalJson(Number.NaN)).toThrow();
    expect(() => canonicalJson({ a: Number.POSITIVE_INFINITY })).toThrow();
    expect(() => canonicalJson({ a: 1n })).toThrow();
  });
});

describe("canonicalJson against json-canonicalize (the library it replaced on the hot path)", () => {
  // a small deterministic generator: nesting, every kind of leaf, keys that sort by code unit,
  // escapes, surrogate pairs, and the numbers whose formatting RFC 8785 pins down
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const text = () =>
    Array.from({ length: Math.floor(random() * 6) }, () =>
      pick(["a", "Z", "1", "é", "€", "😀", "\n", '"', "\\", "\u0007", "\u2028", "\ufb33", "\r"]),
    ).join("");
  const numbers = [0, -0, 1e21, 1e-7, 5e-324, 333333333.3333333, -1.5, 2 ** 53, 4.5, 0.002, 1e30, 123];
  const value = (depth: number): unknown => {
    const kind = depth > 4 ? 0 : random();
    if (kind < 0.4) return pick([null, true, false, text(), pick(numbers), Math.floor(random() * 1e6)]);
    if (kind < 0.7) return Array.from({ length: Math.floor(random() * 5) }, () => value(depth + 1));
    const object: Record<string, unknown> = {};
    for (let i = 0; i < Math.floor(random() * 6); i++)
      object[random() < 0.2 ? String(i * 7) : text()] = value(depth + 1);
    return object;
  };

  it("writes the same text for 5,000 generated JSON values", () => {
    for (let i = 0; i < 5_000; i++) {
      const parsed = JSON.parse(JSON.stringify(value(0)));
      expect(canonicalJson(parsed)).toBe(canonicalize(parsed));
    }
  });

  it("refuses a cycle instead of overflowing the stack", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = { back: cyclic };
    expect(() => canonicalJson(cyclic)).toThrow(/Circular/);
    const shared = { x: 1 };
    expect(canonicalJson({ a: shared, b: [shared] })).toBe('{"a":{"x":1},"b":[{"x":1}]}');
  });
});

describe("canonicalContext", () => {
  it("is canonicalJson of the whole preimage, with the compact JSON size of each part", () => {
    const inputs = [
      { agent_id: "a", context_data: { z: "é€😀", a: [1, { y: 2, b: null }] }, metadata: { run: 1 } },
      { agent_id: "b", context_data: {} },
      { agent_id: 'q"uote', context_data: { n: -0 }, metadata: null },
    ];
    for (const input of inputs) {
      const { canonical, contextDataBytes, metadataBytes } = canonicalContext(input);
      const metadata = input.metadata === undefined ? {} : input.metadata;
      expect(canonical).toBe(canonicalJson({ ...input, metadata }));
      expect(contextDataBytes).toBe(Buffer.byteLength(JSON.stringify(input.context_data)));
      expect(metadataBytes).toBe(Buffer.byteLength(JSON.stringify(metadata)));
      expect(hashCanonical(canonical)).toBe(hashContext(input).contextHash);
    }
    expect(() => canonicalContext({ agent_id: "a", context_data: undefined })).toThrow(TypeError);
  });
});

describe("hashContext", () => {
  it("uses keccak256, not SHA3-256 (sanity check of the primitive)", () => {
    expect(keccak256(new Uint8Array())).toBe(
      "0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470",
    );
  });

  it("hashes the UTF-8 canonical JSON of {agent_id, context_data, metadata}", () => {
    const { canonical, contextHash } = hashContext({
      agent_id: "billing-bot",
      context_data: { task: "reconcile", steps: [2, 1], note: "café ☕" },
      metadata: { run: 7, env: "prod" },
    });
    const expected =
      '{"agent_id":"billing-bot","context_data":{"note":"café ☕","steps":[2,1],"task":"reconcile"},' +
      '"metadata":{"env":"prod","run":7}}';
    expect(canonical).toBe(expected);
    expect(contextHash).toBe(keccak256(utf8(expected)));
    expect(contextHash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it("always includes metadata, defaulting a missing one to {} but keeping an explicit null", () => {
    const missing = hashContext({ agent_id: "a", context_data: { x: 1 } });
    const empty = hashContext({ agent_id: "a", context_data: { x: 1 }, metadata: {} });
    const nul = hashContext({ agent_id: "a", context_data: { x: 1 }, metadata: null });
    expect(missing.canonical).toBe('{"agent_id":"a","context_data":{"x":1},"metadata":{}}');
    expect(missing.contextHash).toBe(empty.contextHash);
    expect(nul.canonical).toBe('{"agent_id":"a","context_data":{"x":1},"metadata":null}');
    expect(nul.contextHash).not.toBe(empty.contextHash);
  });

  it("does not depend on key order or on non-ASCII escaping in the input text", () => {
    const a = hashContext({ agent_id: "a", context_data: JSON.parse('{"k":"\\u00e9","j":[1.0,2]}') });
    const b = hashContext({ agent_id: "a", context_data: JSON.parse('{"j":[1,2],"k":"é"}') });
    expect(a.contextHash).toBe(b.contextHash);
    expect(a.contextHash).toBe(
      keccak256(utf8('{"agent_id":"a","context_data":{"j":[1,2],"k":"é"},"metadata":{}}')),
    );
  });

  it("changes when any part changes", () => {
    const base = hashContext({ agent_id: "a", context_data: { x: 1 } }).contextHash;
    expect(hashContext({ agent_id: "b", context_data: { x: 1 } }).contextHash).not.toBe(base);
    expect(hashContext({ agent_id: "a", context_data: { x: 2 } }).contextHash).not.toBe(base);
    expect(hashContext({ agent_id: "a", context_data: { x: 1 }, metadata: { m: 1 } }).contextHash).not.toBe(
      base,
    );
  });

  it("refuses a missing context_data instead of silently hashing a different shape", () => {
    expect(() => hashContext({ agent_id: "a", context_data: undefined })).toThrow(TypeError);
  });
});
