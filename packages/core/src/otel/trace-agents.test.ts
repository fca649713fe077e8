import type { OtelJsonObject } from "./any-value";
import type { NormalisedSpan } from "./normalise-spans";
import { planSpanAgents } from "./trace-agents";

const T1 = "1".repeat(32);
const T2 = "2".repeat(32);

function span(
  trace: string,
  id: string,
  parent: string,
  attributes: OtelJsonObject = {},
  resource: OtelJsonObject = { "service.name": "app" },
): NormalisedSpan {
  return {
    trace_id: trace,
    span_id: id.padStart(16, "0"),
    parent_span_id: parent === "" ? "" : parent.padStart(16, "0"),
    trace_state: "",
    flags: 0,
    name: id,
    kind: "internal",
    start_time_unix_nano: "0",
    end_time_unix_nano: "0",
    attributes,
    dropped_attributes_count: 0,
    events: [],
    dropped_events_count: 0,
    links: [],
    dropped_links_count: 0,
    status: { code: "unset", message: "" },
    resource: { attributes: resource, dropped_attributes_count: 0, schema_url: "" },
    scope: { name: "", version: "", attributes: {}, dropped_attributes_count: 0, schema_url: "" },
  };
}

const agentOf = (name: string) => ({ "gen_ai.agent.name": name });

describe("planSpanAgents: one trace, one agent", () => {
  it("children in the root's export inherit its agent, wherever they come in the export", () => {
    const plan = planSpanAgents(
      [span(T1, "b", "a"), span(T1, "c", "b"), span(T1, "a", "", agentOf("travel-planner"))],
      new Map(),
      { canHold: true },
    );
    expect(plan.placements).toEqual(Array(3).fill({ kind: "write", agentId: "app/travel-planner" }));
    expect(plan.decided).toEqual(new Map([[T1, "app/travel-planner"]]));
  });

  it("without the root, the first span naming an agent decides; a later naming span inherits", () => {
    const plan = planSpanAgents(
      [span(T1, "c", "b"), span(T1, "b", "a", agentOf("planner")), span(T1, "d", "b", agentOf("researcher"))],
      new Map(),
      { canHold: true },
    );
    expect(plan.placements.map((p) => p.kind === "write" && p.agentId)).toEqual([
      "app/planner",
      "app/planner",
      "app/planner",
    ]);
  });

  it("a trace's known agent wins over the root that arrives later", () => {
    const plan = planSpanAgents([span(T1, "a", "", agentOf("other"))], new Map([[T1, "app/planner"]]), {
      canHold: true,
    });
    expect(plan.placements).toEqual([{ kind: "write", agentId: "app/planner" }]);
    expect(plan.decided.size).toBe(0);
  });

  it("ctxlog.agent_id names a span's agent explicitly, on the span or its resource", () => {
    const plan = planSpanAgents(
      [
        span(T1, "a", "", agentOf("planner")),
        span(T1, "b", "a", { "ctxlog.agent_id": "billing" }),
        span(T1, "c", "a", {}, { "service.name": "app", "ctxlog.agent_id": "search" }),
      ],
      new Map(),
      { canHold: true },
    );
    expect(plan.placements.map((p) => p.kind === "write" && p.agentId)).toEqual([
      "app/planner",
      "billing",
      "search",
    ]);
  });

  it("holds children whose trace has no agent yet, or files them under service.name when it cannot", () => {
    const spans = [span(T1, "b", "a"), span(T2, "y", "x")];
    expect(planSpanAgents(spans, new Map([[T2, "app/planner"]]), { canHold: true }).placements).toEqual([
      { kind: "hold" },
      { kind: "write", agentId: "app/planner" },
    ]);
    expect(planSpanAgents(spans, new Map(), { canHold: false }).placements).toEqual([
      { kind: "write", agentId: "app" },
      { kind: "write", agentId: "app" },
    ]);
  });

  it("a root with only service.name decides its trace; an invalid root is refused and decides nothing", () => {
    const plain = planSpanAgents([span(T1, "a", ""), span(T1, "b", "a")], new Map(), { canHold: true });
    expect(plain.decided).toEqual(new Map([[T1, "app"]]));
    const bad = planSpanAgents(
      [span(T1, "a", "", {}, { "service.name": "travel bot" }), span(T1, "b", "a")],
      new Map(),
      { canHold: true },
    );
    expect(bad.placements[0]).toEqual({
      kind: "refuse",
      problem: expect.stringMatching(/"travel-bot"/),
      suggestion: "travel-bot",
    });
    expect(bad.placements[1]).toEqual({ kind: "hold" });
    expect(bad.decided.size).toBe(0);
  });
});
