import type { OtelJsonObject } from "./any-value";
import { deriveAgentId, validAgentIdLike } from "./derive-agent-id";
import type { NormalisedSpan } from "./normalise-spans";
import { planSpanAgents } from "./trace-agents";

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

describe("deriveAgentId: the Vercel AI SDK's functionId names the agent", () => {
  const span = (attributes: OtelJsonObject, resource: OtelJsonObject = { "service.name": "app" }) =>
    ({ attributes, resource: { attributes: resource } }) as unknown as NormalisedSpan;

  it("ai.telemetry.functionId (LegacyOpenTelemetry, and the SDK itself up to 6.x) as <service.name>/<functionId>", () => {
    const toolCall = { "ai.operationId": "ai.toolCall", "ai.telemetry.functionId": "planner" };
    expect(deriveAgentId(span(toolCall))).toEqual({ agentId: "app/planner", source: "named" });
    expect(deriveAgentId(span(toolCall, {}))).toEqual({ agentId: "planner", source: "named" });
  });

  it("OpenTelemetry (7.x default) names it in gen_ai.agent.name on the root, which comes first", () => {
    const root = { "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "planner" };
    expect(deriveAgentId(span(root))).toEqual({ agentId: "app/planner", source: "named" });
    expect(deriveAgentId(span({ ...root, "ai.telemetry.functionId": "other" }))).toEqual({
      agentId: "app/planner",
      source: "named",
    });
  });

  it("an explicit ctxlog.agent_id or gen_ai.agent.id wins; without a functionId, service.name", () => {
    const named = { "ai.telemetry.functionId": "planner" };
    expect(deriveAgentId(span(named, { "service.name": "app", "ctxlog.agent_id": "prod" }))).toEqual({
      agentId: "prod",
      source: "explicit",
    });
    expect(deriveAgentId(span({ ...named, "gen_ai.agent.id": "asst_1" }))).toEqual({
      agentId: "asst_1",
      source: "named",
    });
    expect(deriveAgentId(span({ "ai.operationId": "ai.generateText" }))).toEqual({
      agentId: "app",
      source: "service",
    });
  });

  it("a functionId that is no valid agent_id is refused with a suggestion, not filed elsewhere", () => {
    expect(deriveAgentId(span({ "ai.telemetry.functionId": "story agent" }))).toEqual({
      problem: expect.stringContaining("(from ai.telemetry.functionId)"),
      source: "named",
      suggestion: "app/story-agent",
    });
  });

  it("a legacy trace exported children first is filed whole under the functionId, nothing held", () => {
    const legacySpan = (id: string, parent: string, operationId: string) =>
      ({
        ...span({ "ai.operationId": operationId, "ai.telemetry.functionId": "planner" }),
        trace_id: "1".repeat(32),
        span_id: id.padStart(16, "0"),
        parent_span_id: parent === "" ? "" : parent.padStart(16, "0"),
      }) as NormalisedSpan;
    const plan = planSpanAgents(
      [legacySpan("c", "b", "ai.toolCall"), legacySpan("b", "a", "ai.generateText.doGenerate")],
      new Map(),
      { canHold: true },
    );
    expect(plan.placements).toEqual(Array(2).fill({ kind: "write", agentId: "app/planner" }));
    expect(plan.decided).toEqual(new Map([["1".repeat(32), "app/planner"]]));
  });
});
