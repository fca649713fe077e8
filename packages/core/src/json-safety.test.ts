import { findJsonHazard } from "./json-safety";

const check = (json: string, maxDepth = 32) => findJsonHazard(JSON.parse(json), { maxDepth });

describe("findJsonHazard", () => {
  it("accepts ordinary JSON, including constructor/prototype keys and valid surrogate pairs", () => {
    expect(
      check(
        '{"agent_id":"a","context_data":{"constructor":{"prototype":1},"emoji":"😀","n":[1,2.5,-0,null,true]}}',
      ),
    ).toBeNull();
    expect(check('"\\ud83d\\ude00"')).toBeNull();
    expect(check("[]")).toBeNull();
    expect(check("null")).toBeNull();
  });

  it("reports a __proto__ key with its path", () => {
    expect(check('{"context_data":{"a":[0,1,2,{"b":{"__proto__":{"x":1}}}]}}')).toEqual({
      path: "context_data.a[3].b.__proto__",
      reason: 'key "__proto__" is not allowed',
    });
  });

  it("reports U+0000 in a value and in a key", () => {
    expect(check('{"context_data":{"a":[0,1,2,{"b":"x\\u0000y"}]}}')).toEqual({
      path: "context_data.a[3].b",
      reason: "string contains U+0000",
    });
    expect(check('{"context_data":{"k\\u0000":1}}')).toEqual({
      path: 'context_data["k\\u0000"]',
      reason: "key contains U+0000",
    });
  });

  it.each([
    ['"\\ud800"', "lone high surrogate"],
    ['"\\udc00"', "lone low surrogate"],
    ['"a\\ud83d"', "high surrogate at the end"],
    ['"\\ude00\\ud83d"', "pair in the wrong order"],
    ['"\\ud83d\\ud83d\\ude00"', "high surrogate followed by a pair"],
  ])("reports a lone surrogate: %s (%s)", (json) => {
    expect(check(`{"v":${json}}`)).toEqual({ path: "v", reason: "string contains a lone UTF-16 surrogate" });
  });

  it("reports a lone surrogate in a key, with a path that is itself safe", () => {
    const hazard = check('{"a":{"\\udfff":true}}');
    expect(hazard).toEqual({ path: 'a["\\udfff"]', reason: "key contains a lone UTF-16 surrogate" });
    expect(findJsonHazard(hazard?.path, { maxDepth: 1 })).toBeNull();
  });

  it("counts depth from the root container", () => {
    expect(check('{"a":1}', 1)).toBeNull();
    expect(check('{"a":{}}', 1)).toEqual({ path: "a", reason: "nesting deeper than 1 levels" });
    expect(check('{"a":[[1]]}', 3)).toBeNull();
    expect(check('{"a":[[[1]]]}', 3)).toEqual({ path: "a[0][0]", reason: "nesting deeper than 3 levels" });
    expect(check('"scalar"', 0)).toBeNull();
  });

  it("survives a hostile 10,000-deep document without recursion", () => {
    const deep = JSON.parse(`${"[".repeat(10_000)}${"]".repeat(10_000)}`);
    const hazard = findJsonHazard(deep, { maxDepth: 64 });
    expect(hazard?.reason).toBe("nesting deeper than 64 levels");
    expect(hazard?.path).toBe("[0]".repeat(64));
    // Even with no depth limit at all the walk is iterative, so it completes.
    expect(findJsonHazard(deep, { maxDepth: Number.POSITIVE_INFINITY })).toBeNull();
  });

  it("terminates on cyclic input by way of the depth limit", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(findJsonHazard(cyclic, { maxDepth: 8 })?.reason).toBe("nesting deeper than 8 levels");
  });

  it("reports non-finite numbers and non-JSON values", () => {
    expect(findJsonHazard({ a: [1, Number.NaN] }, { maxDepth: 8 })).toEqual({
      path: "a[1]",
      reason: "number is not finite",
    });
    expect(findJsonHazard({ a: Number.NEGATIVE_INFINITY }, { maxDepth: 8 })?.reason).toBe(
      "number is not finite",
    );
    expect(findJsonHazard({ a: 1n }, { maxDepth: 8 })?.reason).toBe("bigint is not a JSON value");
    expect(findJsonHazard({ a: undefined }, { maxDepth: 8 })?.reason).toBe("undefined is not a JSON value");
  });

  it("reports the first hazard in document order", () => {
    expect(check('{"a":{"x":"\\u0000"},"b":{"__proto__":1}}')?.path).toBe("a.x");
    expect(check('{"b":{"__proto__":1},"a":{"x":"\\u0000"}}')?.path).toBe("b.__proto__");
    expect(check('[{"ok":1},"\\u0000",{"__proto__":1}]')?.path).toBe("[1]");
  });

  it("brackets keys that are not identifiers and shortens very long ones", () => {
    expect(check('{"a.b":{"c d":"\\u0000"}}')?.path).toBe('["a.b"]["c d"]');
    const longKey = "k".repeat(10_000);
    const hazard = findJsonHazard({ [longKey]: "\u0000" }, { maxDepth: 4 });
    expect(hazard?.path).toBe(`[${JSON.stringify(`${"k".repeat(64)}…`)}]`);
  });
});
