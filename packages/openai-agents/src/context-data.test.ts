// The pure mapping of a finished span (the SDK's own Span class) to context_data.
import { MultiTracingProcessor, Span, type SpanData, type SpanError } from "@openai/agents-core";
import { MAX_CONTEXT_DATA_BYTES, spanContextData } from "./context-data";

const ALL = { recordInputs: true, recordOutputs: true };
const STARTED = "2026-11-29T10:00:00.000Z";
const ENDED = "2026-11-29T10:00:01.250Z";

function ended<T extends SpanData>(data: T, error?: SpanError): Span<T> {
  return new Span(
    { traceId: "trace_1", spanId: "span_1", data, startedAt: STARTED, endedAt: ENDED, error },
    new MultiTracingProcessor(),
  );
}

it("a function span is a tool step with its arguments, result, times and duration", () => {
  const data = spanContextData(ended({ type: "function", name: "add", input: '{"a":1}', output: "2" }), ALL);
  expect(data).toEqual({
    kind: "tool",
    name: "add",
    input: '{"a":1}',
    output: "2",
    started_at: STARTED,
    ended_at: ENDED,
    duration_ms: 1250,
  });
});

it("a generation span is an llm step: model, settings, usage, messages in and out", () => {
  const span = ended({
    type: "generation",
    model: "gpt-test",
    model_config: { temperature: 0 },
    input: [{ role: "user", content: "hi" }],
    output: [{ role: "assistant", content: "hello" }],
    usage: { input_tokens: 3, output_tokens: 5 },
  });
  expect(spanContextData(span, ALL)).toMatchObject({
    kind: "llm",
    name: "gpt-test",
    model: "gpt-test",
    model_config: { temperature: 0 },
    usage: { input_tokens: 3, output_tokens: 5 },
    input: [{ role: "user", content: "hi" }],
    output: [{ role: "assistant", content: "hello" }],
  });
});

it("a response span takes its model, usage and output items from the response", () => {
  const span = ended({
    type: "response",
    response_id: "resp_1",
    _input: "question",
    _response: { id: "resp_1", model: "gpt-r", usage: { total_tokens: 9 }, output: [{ type: "message" }] },
  });
  expect(spanContextData(span, ALL)).toMatchObject({
    kind: "llm",
    name: "gpt-r",
    model: "gpt-r",
    usage: { total_tokens: 9 },
    response_id: "resp_1",
    input: "question",
    output: [{ type: "message" }],
  });
});

it.each(
  (
    [
      [
        { type: "agent", name: "Planner", tools: ["add"], handoffs: [], output_type: "text" },
        "agent",
        "Planner",
      ],
      [{ type: "handoff", from_agent: "Triage", to_agent: "Billing" }, "handoff", "Billing"],
      [{ type: "guardrail", name: "no-pii", triggered: true }, "guardrail", "no-pii"],
      [{ type: "task", name: "Checkout" }, "chain", "Checkout"],
      [{ type: "turn", turn: 2, agent_name: "Planner" }, "chain", "turn 2"],
      [{ type: "custom", name: "lookup", data: { hits: 3 } }, "custom", "lookup"],
      [{ type: "mcp_tools", server: "files", result: ["read"] }, "tool", "mcp_list_tools"],
      [{ type: "speech_group", input: "hello" }, "chain", "speech_group"],
    ] as [SpanData, string, string][]
  ).map(([data, kind, name]) => [data.type, kind, name, data] as const),
)("a %s span is a %s step named %s", (_type, kind, name, spanData) => {
  expect(spanContextData(ended(spanData), ALL)).toMatchObject({ kind, name });
});

it("audio is recorded as its format and length, not its bytes", () => {
  const data = spanContextData(
    ended({ type: "transcription", input: { data: "QUJD".repeat(10), format: "pcm" }, output: "abc" }),
    ALL,
  );
  expect(data).toMatchObject({ kind: "llm", input: { format: "pcm", data_length: 40 }, output: "abc" });
});

it("recordInputs and recordOutputs leave out inputs and outputs, nothing else", () => {
  const span = ended({ type: "function", name: "add", input: "{}", output: "2" });
  expect(spanContextData(span, { recordInputs: false, recordOutputs: true })).not.toHaveProperty("input");
  expect(spanContextData(span, { recordInputs: true, recordOutputs: false })).not.toHaveProperty("output");
  const bare = spanContextData(span, { recordInputs: false, recordOutputs: false });
  expect(Object.keys(bare).sort()).toEqual(["duration_ms", "ended_at", "kind", "name", "started_at"]);
  const custom = ended({ type: "custom", name: "c", data: { secret: 1 } });
  expect(spanContextData(custom, { recordInputs: true, recordOutputs: false })).not.toHaveProperty("output");
});

it("a span's error is recorded", () => {
  const span = ended(
    { type: "function", name: "add", input: "{}", output: "" },
    {
      message: "Error running tool",
      data: { tool_name: "add" },
    },
  );
  expect(spanContextData(span, ALL).error).toEqual({
    message: "Error running tool",
    data: { tool_name: "add" },
  });
});

it("is a copy: later changes to the SDK's span data do not reach it", () => {
  const input = [{ role: "user", content: "first" }];
  const data = spanContextData(ended({ type: "generation", input }), ALL);
  input.push({ role: "user", content: "second" });
  expect(data.input).toEqual([{ role: "user", content: "first" }]);
});

it("strings the API would refuse (NUL, a lone surrogate) are sent with U+FFFD in their place", () => {
  const data = spanContextData(
    ended({ type: "function", name: "t", input: "a\0b", output: "x\uD800y😀" }),
    ALL,
  );
  expect([data.input, data.output]).toEqual(["a\uFFFDb", "x\uFFFDy😀"]);
});

it("over 256 KiB, the input is left out first, with its size", () => {
  const big = "x".repeat(MAX_CONTEXT_DATA_BYTES);
  const data = spanContextData(ended({ type: "function", name: "t", input: big, output: "ok" }), ALL);
  expect(data.input).toEqual({
    unrecorded: `over the ${MAX_CONTEXT_DATA_BYTES}-byte limit of a context`,
    bytes: MAX_CONTEXT_DATA_BYTES + 2,
  });
  expect(data.output).toBe("ok");
  expect(Buffer.byteLength(JSON.stringify(data))).toBeLessThanOrEqual(MAX_CONTEXT_DATA_BYTES);
});

it("a value with no JSON form (a cycle) becomes a note instead of failing the step", () => {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  const data = spanContextData(ended({ type: "custom", name: "c", data: cyclic }), ALL);
  expect(data).toMatchObject({ kind: "custom", name: "c", duration_ms: 1250 });
  expect(String((data.output as { unrecorded: string }).unrecorded)).toMatch(/^no JSON form: /);
});
