// The SDK's own RFC 8785 implementation. That it gives the server's text and context_hash byte for
// byte is checked against the server's code in test/e2e/sdk/canonical-server-compat.test.ts.
import { canonicalize, hashContext } from "./canonical";

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

  it("follows JSON.stringify for values JSON cannot hold", () => {
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
