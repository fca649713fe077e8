import { AIMessage } from "@langchain/core/messages";
import { llmOutputOf, modelOf, requestedModel, usageOf } from "./llm-result";
import {
  contextOfRun,
  defaultAgentId,
  type FinishedRun,
  MAX_DATA_BYTES,
  type MappingOptions,
} from "./run-context";
import { RunTree } from "./run-tree";
import { ctxlogSource } from "./source";

const source = { name: "@ctxlog/langchain", version: "9.9.9", library: "@langchain/core@1.0.0" };
const opts = (more: Partial<MappingOptions> = {}): MappingOptions => ({
  recordInputs: true,
  recordOutputs: true,
  salt: false,
  source,
  ...more,
});
const run = (more: Partial<FinishedRun> = {}): FinishedRun => ({
  runId: "r-tool",
  parentRunId: "r-node",
  rootRunId: "r-root",
  agentId: "LangGraph/r-root",
  kind: "tool",
  name: "add",
  tags: ["t1"],
  langgraphNode: "tools",
  langgraphStep: 2,
  toolCallId: "call_1",
  startedAt: Date.UTC(2026, 0, 1, 0, 0, 0, 0),
  endedAt: Date.UTC(2026, 0, 1, 0, 0, 0, 12),
  input: { a: 2, b: 3 },
  output: "5",
  ...more,
});

describe("contextOfRun", () => {
  it("maps a finished run to context_data and the run tree's ids in metadata", () => {
    expect(contextOfRun(run(), opts())).toEqual({
      agent_id: "LangGraph/r-root",
      context_data: {
        kind: "tool",
        name: "add",
        input: { a: 2, b: 3 },
        output: "5",
        started_at: "2026-01-01T00:00:00.000Z",
        ended_at: "2026-01-01T00:00:00.012Z",
        duration_ms: 12,
      },
      metadata: {
        run_id: "r-tool",
        parent_run_id: "r-node",
        root_run_id: "r-root",
        tags: ["t1"],
        langgraph_node: "tools",
        langgraph_step: 2,
        tool_call_id: "call_1",
        ctxlog_source: source,
      },
    });
  });

  it("a root run has no parent_run_id; model, usage and error are carried; salt and visibility pass", () => {
    const context = contextOfRun(
      run({
        parentRunId: undefined,
        runId: "r-root",
        kind: "llm",
        tags: [],
        langgraphNode: undefined,
        langgraphStep: undefined,
        toolCallId: undefined,
        model: "fake-1",
        usage: { input_tokens: 3, output_tokens: 1, total_tokens: 4 },
        error: { name: "Error", message: "quota" },
      }),
      opts({ salt: true, visibility: "public" }),
    );
    expect(context?.metadata).toEqual({ run_id: "r-root", root_run_id: "r-root", ctxlog_source: source });
    expect(context?.context_data).toMatchObject({
      model: "fake-1",
      usage: { input_tokens: 3, output_tokens: 1, total_tokens: 4 },
      error: { name: "Error", message: "quota" },
    });
    expect([context?.salt, context?.visibility]).toEqual([true, "public"]);
  });

  it("leaves inputs and outputs out when told to", () => {
    const data = contextOfRun(run(), opts({ recordInputs: false, recordOutputs: false }))?.context_data;
    expect(Object.keys(data ?? {})).toEqual(["kind", "name", "started_at", "ended_at", "duration_ms"]);
  });

  it("redact rewrites the data, null skips the step, a throwing hook logs the step without its data", () => {
    const seen: unknown[] = [];
    const masked = contextOfRun(
      run(),
      opts({
        redact: (data, step) => {
          seen.push(step);
          return { ...data, input: "[redacted]" };
        },
      }),
    );
    expect(seen).toEqual([{ kind: "tool", name: "add" }]);
    expect(masked?.context_data.input).toBe("[redacted]");
    expect(contextOfRun(run(), opts({ redact: () => null }))).toBeNull();
    const failed = contextOfRun(
      run({ error: { name: "Error", message: "secret in error" } }),
      opts({
        redact: () => {
          throw new Error("hook broke");
        },
      }),
    );
    expect(failed?.context_data).toEqual({
      kind: "tool",
      name: "add",
      started_at: "2026-01-01T00:00:00.000Z",
      ended_at: "2026-01-01T00:00:00.012Z",
      duration_ms: 12,
      redact_error: "hook broke",
    });
  });

  it("keeps context_data under the API's limit by replacing the largest parts with their size", () => {
    const big = "x".repeat(MAX_DATA_BYTES);
    const data = contextOfRun(run({ output: big, input: "small" }), opts())?.context_data;
    expect(data?.output).toEqual({ ctxlog_truncated: true, json_bytes: MAX_DATA_BYTES + 2 });
    expect(data?.input).toBe("small");
    const both = contextOfRun(run({ output: big, input: big }), opts())?.context_data;
    expect([both?.output, both?.input]).toEqual([
      { ctxlog_truncated: true, json_bytes: MAX_DATA_BYTES + 2 },
      { ctxlog_truncated: true, json_bytes: MAX_DATA_BYTES + 2 },
    ]);
    expect(Buffer.byteLength(JSON.stringify(both))).toBeLessThan(MAX_DATA_BYTES);
  });
});

describe("defaultAgentId", () => {
  const pattern = /^[A-Za-z0-9][A-Za-z0-9._:@/-]{0,127}$/;
  it("is rootRunName/rootRunId within the API's agent id pattern", () => {
    expect(defaultAgentId("LangGraph", "0199-ab")).toBe("LangGraph/0199-ab");
    expect(defaultAgentId("My chain (v2)", "id1")).toBe("My-chain--v2-/id1");
    expect(defaultAgentId("  ", "id1")).toBe("run/id1");
    const long = defaultAgentId("n".repeat(300), "01a2294d-51c0-71fb-880c-d439608655b3");
    expect(long).toHaveLength(128);
    expect(long.endsWith("/01a2294d-51c0-71fb-880c-d439608655b3")).toBe(true);
    for (const id of [long, defaultAgentId("My chain (v2)", "id1"), defaultAgentId("__start__", "x")]) {
      expect(id).toMatch(pattern);
    }
  });
});

describe("LLM results", () => {
  it("sums usage_metadata over generations and reads the model from the response", () => {
    const message = (n: number) =>
      new AIMessage({
        content: `a${n}`,
        usage_metadata: { input_tokens: n, output_tokens: 1, total_tokens: n + 1 },
        response_metadata: { model_name: "fake-1" },
      });
    const result = {
      generations: [[{ text: "a1", message: message(1) }], [{ text: "a2", message: message(2) }]],
    };
    expect(usageOf(result)).toEqual({ input_tokens: 3, output_tokens: 2, total_tokens: 5 });
    expect(modelOf(result, "asked")).toBe("fake-1");
    expect(llmOutputOf(result)).toEqual([
      { type: "ai", content: "a1", usage_metadata: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } },
      { type: "ai", content: "a2", usage_metadata: { input_tokens: 2, output_tokens: 1, total_tokens: 3 } },
    ]);
  });

  it("falls back to llmOutput's token usage and model, then to the model asked for", () => {
    const legacy = {
      generations: [[{ text: "hi" }]],
      llmOutput: { tokenUsage: { promptTokens: 7, completionTokens: 2 }, model_name: "gpt-x" },
    };
    expect(usageOf(legacy)).toEqual({ input_tokens: 7, output_tokens: 2, total_tokens: 9 });
    expect(modelOf(legacy)).toBe("gpt-x");
    expect(llmOutputOf(legacy)).toBe("hi");
    const bare = { generations: [[{ text: "hi" }]] };
    expect([usageOf(bare), modelOf(bare, "asked"), modelOf(bare)]).toEqual([undefined, "asked", undefined]);
    expect(requestedModel({ ls_model_name: "m1" }, { invocation_params: { model: "m2" } })).toBe("m1");
    expect(requestedModel({}, { invocation_params: { model: "m2" } })).toBe("m2");
    expect(requestedModel(undefined, undefined)).toBeUndefined();
  });
});

describe("RunTree", () => {
  const open = (runId: string, rootRunId: string) => ({
    runId,
    rootRunId,
    agentId: "a",
    kind: "chain" as const,
    name: runId,
    tags: [],
    metadata: {},
    hidden: false,
    startedAt: 0,
  });

  it("refuses a run reported twice while its tree is open, and forgets the tree when its root ends", () => {
    const tree = new RunTree();
    expect(tree.start(open("root", "root"))).toBe(true);
    expect(tree.rootOf("child", "root")).toBe("root");
    expect(tree.rootOf("other", "unknown-parent")).toBe("other");
    expect(tree.start(open("child", "root"))).toBe(true);
    expect(tree.start(open("child", "root"))).toBe(false); // a second start
    expect(tree.end("child")?.runId).toBe("child");
    expect(tree.end("child")).toBeUndefined(); // a second end
    expect(tree.start(open("child", "root"))).toBe(false); // started again after it ended
    expect(tree.end("root")?.runId).toBe("root");
    expect(tree.size).toBe(0);
    expect(tree.end("root")).toBeUndefined();
  });
});

it("ctxlog_source reads this package's version and LangChain core's from their package.json", () => {
  const { version } = require("../package.json") as { version: string };
  const core = require("@langchain/core/package.json") as { version: string };
  expect(ctxlogSource()).toEqual({
    name: "@ctxlog/langchain",
    version,
    library: `@langchain/core@${core.version}`,
  });
});
