import { logOwner } from "./log-owner";

describe("logOwner", () => {
  it("gives every log one owner among the processes, the same each time", () => {
    for (let i = 0; i < 200; i++) {
      const owner = logOwner("usr_1", `agent-${i}`, 3);
      expect(owner).toBeGreaterThanOrEqual(0);
      expect(owner).toBeLessThan(3);
      expect(logOwner("usr_1", `agent-${i}`, 3)).toBe(owner);
    }
  });

  it("spreads logs evenly: each of 4 processes owns 20–30 % of 10,000 agents", () => {
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 10_000; i++) {
      const owner = logOwner("usr_1", `bench-agent-${i}`, 4);
      counts[owner] = (counts[owner] ?? 0) + 1;
    }
    for (const n of counts) {
      expect(n).toBeGreaterThan(2_000);
      expect(n).toBeLessThan(3_000);
    }
  });

  it("keeps the user and the agent apart (no collision by concatenation)", () => {
    const pairs = Array.from({ length: 64 }, (_, i) => [
      logOwner("ab", `c${i}`, 1 << 16),
      logOwner("a", `bc${i}`, 1 << 16),
    ]);
    expect(pairs.filter(([x, y]) => x === y).length).toBeLessThan(4);
  });

  it("is process 0 for a single process and refuses a count below one", () => {
    expect(logOwner("u", "a", 1)).toBe(0);
    expect(() => logOwner("u", "a", 0)).toThrow(RangeError);
  });
});
