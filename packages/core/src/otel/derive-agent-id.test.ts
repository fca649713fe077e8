import { validAgentIdLike } from "./derive-agent-id";

describe("validAgentIdLike: the agent_id suggested when a span's is not valid", () => {
  it.each([
    ["travel bot", "travel-bot"],
    ["  support  bot!", "support-bot-"],
    ["-leading", "leading"],
    ["ünïcode agent", "n-code-agent"],
    ["a".repeat(200), "a".repeat(128)],
  ])("%j → %j", (value, suggestion) => {
    expect(validAgentIdLike(value)).toBe(suggestion);
  });

  it("suggests nothing when nothing valid is left", () => {
    expect(validAgentIdLike("!!!")).toBeNull();
    expect(validAgentIdLike("")).toBeNull();
  });
});
