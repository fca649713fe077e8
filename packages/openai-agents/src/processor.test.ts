// The processor under a real Agents SDK run (a scripted model: no network, no model call), sending
// through the real SDK client and ContextLogger to a loopback server that records each batch.
import { ContextLogger, type CreateContextInput, CtxlogClient } from "@ctxlog/sdk";
import {
  addTraceProcessor,
  BatchTraceProcessor,
  dispatchSpan,
  getGlobalTraceProvider,
  run,
  type Span,
  type SpanData,
  type TracingProcessor,
} from "@openai/agents";
import { OpenAITracingExporter } from "@openai/agents-openai";
import { ctxlogProcessor } from "./processor";
import { type RecordingApi, startRecordingApi } from "./testing/recording-api";
import { FINAL_ANSWER, MODEL_NAME, traceOnlyTo, twoToolCallAgent } from "./testing/scripted-agent";

const ownVersion = (require("../package.json") as { version: string }).version;
let api: RecordingApi;

beforeAll(async () => {
  api = await startRecordingApi();
});
afterAll(async () => {
  traceOnlyTo();
  await api.close();
});

type Failure = { context: CreateContextInput; error: unknown };
function processorFor(extra: Parameters<typeof ctxlogProcessor>[0] = {}) {
  const failures: Failure[] = [];
  const processor = ctxlogProcessor({
    baseUrl: api.baseUrl,
    apiKey: "sk_test",
    onFailure: (context, error) => failures.push({ context, error }),
    ...extra,
  });
  traceOnlyTo(processor);
  return { processor, failures };
}

async function runLogged(extra: Parameters<typeof ctxlogProcessor>[0] = {}, workflowName = "Adding") {
  const { processor, failures } = processorFor(extra);
  const sent = api.contexts().length;
  const result = await run(twoToolCallAgent(), "What are 1+2 and 3+4?", { workflowName } as never);
  await processor.close();
  return { result, contexts: api.contexts().slice(sent), failures };
}

it("logs each finished span of a run, in the order spans end, to one agent log per trace", async () => {
  const { result, contexts, failures } = await runLogged();
  expect(result.finalOutput).toBe(FINAL_ANSWER);
  expect(failures).toEqual([]);
  const steps = contexts.map((c) => `${c.context_data.kind}:${c.context_data.name}`);
  expect(steps).toEqual([
    `llm:${MODEL_NAME}`,
    "tool:add",
    "chain:turn 1",
    `llm:${MODEL_NAME}`,
    "tool:add",
    "chain:turn 2",
    `llm:${MODEL_NAME}`,
    "chain:turn 3",
    "agent:Adder",
    "chain:Agent workflow",
  ]);
  const traceId = contexts[0]?.metadata?.trace_id as string;
  expect(traceId).toMatch(/^trace_[0-9a-f]{32}$/);
  for (const c of contexts) {
    expect(c.agent_id).toBe(`Agent-workflow/${traceId}`);
    expect(c.metadata).toMatchObject({
      trace_id: traceId,
      span_id: expect.stringMatching(/^span_/),
      group_id: null,
      ctxlog_source: {
        name: "@ctxlog/openai-agents",
        version: ownVersion,
        library: "@openai/agents-core@0.20.0",
      },
    });
  }
  // the run tree: each tool call's parent is its turn, each turn's the agent, the agent's the task
  const byName = (step: string) => contexts[steps.indexOf(step)];
  const task = byName("chain:Agent workflow");
  expect(task?.metadata?.parent_id).toBeNull();
  expect(byName("agent:Adder")?.metadata?.parent_id).toBe(task?.metadata?.span_id);
  expect(contexts[1]?.metadata?.parent_id).toBe(contexts[2]?.metadata?.span_id);
  expect(contexts[1]?.context_data).toMatchObject({ input: '{"a":1,"b":2}', output: "3" });
  expect(contexts[4]?.context_data).toMatchObject({ input: '{"a":3,"b":4}', output: "7" });
  expect(contexts[0]?.context_data).toMatchObject({
    model: MODEL_NAME,
    usage: { input_tokens: 12, output_tokens: 7 },
  });
  expect(contexts[8]?.context_data).toMatchObject({ tools: ["add"], output_type: "text" });
});

it("the one line: added beside OpenAI's own exporter, both get every span", async () => {
  // OpenAI's processor and exporter as setDefaultOpenAITracingExporter() makes them, sending to the
  // loopback server instead of api.openai.com
  const openai = new BatchTraceProcessor(
    new OpenAITracingExporter({ apiKey: "sk-test", endpoint: `${api.baseUrl}/openai-traces` }),
  );
  traceOnlyTo(openai);
  const failures: Failure[] = [];
  const processor = ctxlogProcessor({
    baseUrl: api.baseUrl,
    apiKey: "sk_test",
    onFailure: (context, error) => failures.push({ context, error }),
  });
  addTraceProcessor(processor);
  const sent = api.contexts().length;
  const result = await run(twoToolCallAgent(), "What are 1+2 and 3+4?");
  expect(result.finalOutput).toBe(FINAL_ANSWER);
  await getGlobalTraceProvider().forceFlush();
  const logged = api.contexts().slice(sent);
  expect(logged).toHaveLength(10);
  expect(failures).toEqual([]);
  const exported = api.others.flatMap((o) => (o.body as { data: { object: string; id: string }[] }).data);
  const exportedSpans = exported.filter((item) => item.object === "trace.span").map((item) => item.id);
  expect(new Set(exportedSpans)).toEqual(new Set(logged.map((c) => c.metadata?.span_id)));
  await openai.shutdown();
});

it("names the agent log after the trace's workflow name, or the agentId option", async () => {
  const { withTrace } = await import("@openai/agents");
  const { processor } = processorFor();
  const sent = api.contexts().length;
  await withTrace("Nightly report", () => run(twoToolCallAgent(), "go"));
  await processor.close();
  const ids = new Set(
    api
      .contexts()
      .slice(sent)
      .map((c) => c.agent_id),
  );
  expect([...ids]).toEqual([expect.stringMatching(/^Nightly-report\/trace_[0-9a-f]{32}$/)]);

  const named = await runLogged({ agentId: (t) => `adder/${t.workflowName.length}` });
  expect(new Set(named.contexts.map((c) => c.agent_id))).toEqual(new Set(["adder/14"]));
});

it("a span reported twice is logged once", async () => {
  const { processor } = processorFor();
  let first: Span<SpanData> | undefined;
  const keep: TracingProcessor = {
    onTraceStart: async () => undefined,
    onTraceEnd: async () => undefined,
    onSpanStart: async () => undefined,
    onSpanEnd: async (span) => {
      first ??= span;
    },
    shutdown: async () => undefined,
    forceFlush: async () => undefined,
  };
  addTraceProcessor(keep);
  const sent = api.contexts().length;
  await run(twoToolCallAgent(), "go");
  // the SDK's own replay of a finished span (as a resumed run dispatches its spans again)
  await dispatchSpan(first as Span<SpanData>);
  await processor.onSpanEnd(first as Span<SpanData>);
  await processor.close();
  const spanIds = api
    .contexts()
    .slice(sent)
    .map((c) => c.metadata?.span_id);
  expect(spanIds).toHaveLength(10);
  expect(new Set(spanIds).size).toBe(10);
});

it("recordInputs and recordOutputs off: no model messages, tool arguments or results are sent", async () => {
  const { contexts } = await runLogged({ recordInputs: false, recordOutputs: false });
  expect(contexts).toHaveLength(10);
  for (const c of contexts) {
    expect(c.context_data).not.toHaveProperty("input");
    expect(c.context_data).not.toHaveProperty("output");
  }
  expect(JSON.stringify(contexts)).not.toContain("What are 1+2");
  expect(JSON.stringify(contexts)).not.toContain(FINAL_ANSWER);
});

it("redact sees each step and can change it or skip it; one that throws costs its step only", async () => {
  const seen: string[] = [];
  const { contexts, failures, result } = await runLogged({
    redact: (data, step) => {
      seen.push(`${step.kind}:${step.name}`);
      if (step.kind === "llm") return null;
      if (step.kind === "agent") throw new Error("redact failed");
      return step.kind === "tool" ? { ...data, input: "[redacted]" } : data;
    },
  });
  expect(result.finalOutput).toBe(FINAL_ANSWER);
  expect(seen).toHaveLength(10);
  expect(contexts.map((c) => c.context_data.kind)).toEqual([
    "tool",
    "chain",
    "tool",
    "chain",
    "chain",
    "chain",
  ]);
  expect(contexts.filter((c) => c.context_data.kind === "tool").map((c) => c.context_data.input)).toEqual([
    "[redacted]",
    "[redacted]",
  ]);
  // reported with the step's kind and name only: the data the hook was to redact is not in it
  expect(failures).toHaveLength(1);
  expect(failures[0]?.context.context_data).toEqual({ kind: "agent", name: "Adder" });
  expect(String(failures[0]?.error)).toMatch(/redact failed/);
});

it("salt and visibility go on each context", async () => {
  const { contexts } = await runLogged({ salt: true, visibility: "public" });
  for (const c of contexts) {
    expect(c.visibility).toBe("public");
    expect(c.metadata?.ctxlog_salt).toMatch(/^0x[0-9a-f]{64}$/);
  }
});

it("ctxlog down: the run finishes as usual, nothing throws, and each step goes to onFailure", async () => {
  const failures: Failure[] = [];
  const client = new CtxlogClient({ baseUrl: "http://127.0.0.1:9/v1", apiKey: "sk_test", maxRetries: 0 });
  const logger = new ContextLogger(client, {
    maxRetries: 0,
    onFailure: (context, error) => failures.push({ context, error }),
  });
  const processor = ctxlogProcessor({ logger });
  traceOnlyTo(processor);
  const result = await run(twoToolCallAgent(), "What are 1+2 and 3+4?");
  expect(result.finalOutput).toBe(FINAL_ANSWER);
  await expect(processor.forceFlush()).resolves.toBeUndefined();
  await expect(processor.shutdown()).resolves.toBeUndefined();
  expect(failures).toHaveLength(10);
  expect(failures.map((f) => f.context.context_data.kind)).toContain("tool");
});

it("the SDK's shutdown (setTraceProcessors, the process's end) drains and leaves the processor working", async () => {
  const { processor, failures } = processorFor();
  const sent = api.contexts().length;
  await run(twoToolCallAgent(), "go");
  await getGlobalTraceProvider().shutdown();
  expect(api.contexts().length - sent).toBe(10);
  traceOnlyTo(processor); // setTraceProcessors shuts the replaced processors down: this one too
  await run(twoToolCallAgent(), "go");
  await processor.forceFlush();
  expect(api.contexts().length - sent).toBe(20);
  expect(failures).toEqual([]);
});

it("after close(), a span is reported rather than thrown, and the SDK's calls resolve", async () => {
  const { processor, failures } = processorFor();
  await processor.close();
  const result = await run(twoToolCallAgent(), "go");
  expect(result.finalOutput).toBe(FINAL_ANSWER);
  await expect(processor.forceFlush()).resolves.toBeUndefined();
  await expect(processor.shutdown()).resolves.toBeUndefined();
  expect(failures.length).toBe(10);
  expect(failures[0]?.error).toMatchObject({ name: "ContextLoggerClosedError" });
});
