import { genAiSummary, spanTree, traceIdOf } from "./span-tree";

const span = (id: string, parent: string, start: string, extra: Record<string, unknown> = {}) => ({
  context_id: `ctx_${id}`,
  context_data: {
    span_id: id,
    parent_span_id: parent,
    name: `span ${id}`,
    start_time_unix_nano: start,
    status: { code: "unset", message: "" },
    attributes: {},
    ...extra,
  },
});

describe("spanTree", () => {
  it("orders a trace depth first, siblings by start time, with each span's depth", () => {
    const nodes = spanTree([
      span("c2", "root", "1764201600000000300"),
      span("root", "", "1764201600000000000"),
      span("c1", "root", "1764201600000000100"),
      span("g1", "c1", "1764201600000000200", { status: { code: "error", message: "boom" } }),
      span("orphan", "missing", "1764201600000000050"),
    ]);
    expect(nodes.map((n) => `${n.depth}:${n.spanId}`)).toEqual([
      "0:root",
      "1:c1",
      "2:g1",
      "1:c2",
      "0:orphan",
    ]);
    expect(nodes[2]).toMatchObject({ spanStatus: "error", statusMessage: "boom", contextId: "ctx_g1" });
  });

  it("survives a parent cycle and ignores contexts that are not spans", () => {
    const nodes = spanTree([
      span("a", "b", "1"),
      span("b", "a", "2"),
      { context_id: "ctx_x", context_data: { task: 1 } },
    ]);
    expect(nodes).toEqual([]); // a cycle has no root: nothing is drawn rather than looping
  });
});

describe("genAiSummary", () => {
  it("reads both generations of the GenAI conventions", () => {
    expect(
      genAiSummary({
        "gen_ai.system": "openai",
        "gen_ai.request.model": "gpt-4o",
        "gen_ai.usage.prompt_tokens": "10",
        "gen_ai.usage.completion_tokens": 5,
      }),
    ).toEqual({ provider: "openai", operation: null, model: "gpt-4o", inputTokens: 10, outputTokens: 5 });
    expect(
      genAiSummary({
        "gen_ai.provider.name": "anthropic",
        "gen_ai.system": "old",
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "claude",
        "gen_ai.response.model": "claude-1",
        "gen_ai.usage.input_tokens": "7",
        "gen_ai.usage.output_tokens": "3",
      }),
    ).toEqual({
      provider: "anthropic",
      operation: "chat",
      model: "claude-1",
      inputTokens: 7,
      outputTokens: 3,
    });
  });

  it("finds the trace id only in an OTLP context's metadata", () => {
    expect(traceIdOf({ metadata: { trace_id: "5b8efff798038103d269b633813fc60c" } })).toBe(
      "5b8efff798038103d269b633813fc60c",
    );
    expect(traceIdOf({ metadata: { trace_id: "nope" } })).toBeNull();
    expect(traceIdOf({ metadata: {} })).toBeNull();
  });
});
