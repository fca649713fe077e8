import {
  AGENT_ID_PATTERN,
  agentMatches,
  globMatch,
  isValidAgentId,
  isValidAgentPattern,
} from "./agent-patterns";
import { loadScaledSlackMs } from "./testing";

describe("AGENT_ID_PATTERN", () => {
  it.each([
    "a",
    "billing-bot",
    "team/alpha/worker-1",
    "agent@example.com",
    "urn:agent:7",
    "A.b_c",
    "x".repeat(128),
  ])("accepts %s", (id) => {
    expect(AGENT_ID_PATTERN.test(id)).toBe(true);
    expect(isValidAgentId(id)).toBe(true);
  });

  it.each([
    ["empty", ""],
    ["leading dash", "-bot"],
    ["leading dot", ".hidden"],
    ["leading slash", "/root"],
    ["space", "my bot"],
    ["star", "bot*"],
    ["NUL", "bot\u0000"],
    ["non-ASCII", "bøt"],
    ["129 characters", "x".repeat(129)],
    ["trailing newline", "bot\n"],
  ])("rejects %s", (_label, id) => {
    expect(isValidAgentId(id)).toBe(false);
  });
});

describe("isValidAgentPattern", () => {
  it.each(["*", "billing-*", "team/*/worker", "*-worker", "a*b*c", "exact-agent"])("accepts %s", (p) => {
    expect(isValidAgentPattern(p)).toBe(true);
  });

  it.each(["", "-*", "billing-?", "team/[a-z]", "a b*", "(.*)", "x".repeat(129), 42])("rejects %p", (p) => {
    expect(isValidAgentPattern(p)).toBe(false);
  });
});

describe("agentMatches", () => {
  it.each([
    ["billing-bot", ["billing-*"], true],
    ["billing-", ["billing-*"], true],
    ["billing", ["billing-*"], false],
    ["shipping-bot", ["billing-*"], false],
    ["team/a/worker", ["team/*/worker"], true],
    ["team/a/b/worker", ["team/*/worker"], true],
    ["team/worker", ["team/*/worker"], false],
    ["anything@all", ["*"], true],
    ["exact", ["exact"], true],
    ["exactly", ["exact"], false],
    ["abc", ["a*b*c"], true],
    ["aXbYc", ["a*b*c"], true],
    ["acb", ["a*b*c"], false],
    ["ab", ["a*b*b"], false],
    ["aab", ["aa*ab"], false], // starts with "aa" and ends with "ab", but they would overlap
    ["aaab", ["aa*ab"], true],
    ["abab", ["a*bab"], true], // "*" may match nothing
    ["a.b", ["a.b"], true],
    ["aXb", ["a.b"], false], // "." is a literal, not a regex wildcard
    ["other", ["billing-*", "other"], true],
    ["x", [], false],
  ] as const)("%s against %j → %s", (id, patterns, expected) => {
    expect(agentMatches(id, patterns)).toBe(expected);
  });

  it("ignores invalid patterns and never matches an invalid agent id", () => {
    expect(agentMatches("billing-bot", ["billing-.*", "bill?ng-bot"])).toBe(false);
    expect(agentMatches("bad id", ["*"])).toBe(false);
    expect(agentMatches("-x", ["*"])).toBe(false);
  });

  it("answers patterns that make backtracking matchers explode without backtracking", () => {
    const id = "a".repeat(127);
    // Head "a" and tail "a" match, so every middle piece is searched; a backtracking matcher tries
    // ~C(127, 60) splits here and never returns. This one does one indexOf per piece: microseconds.
    // The bound is not a speed target but a guard against a hang: a margin of ~10^5, scaled by the load.
    const hostile = `${"a*".repeat(60)}b*a`;
    const t0 = performance.now();
    const matched = globMatch(hostile, id);
    expect(matched).toBe(false);
    expect(performance.now() - t0).toBeLessThan(loadScaledSlackMs(1_000));
  });

  it("agrees with a reference regex translation on random inputs", () => {
    const alphabet = "ab/";
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const word = (chars: string, max: number) =>
      Array.from({ length: rand(max) + 1 }, () => chars[rand(chars.length)]).join("");
    for (let i = 0; i < 5000; i++) {
      const text = word(alphabet, 8);
      const pattern = word(`${alphabet}*`, 6);
      // Safe only because the alphabet has no regex metacharacters other than "*".
      const reference = new RegExp(`^${pattern.replaceAll("*", ".*")}$`, "s");
      expect([pattern, text, globMatch(pattern, text)]).toEqual([pattern, text, reference.test(text)]);
    }
  });
});
