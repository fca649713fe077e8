import type { OtelJsonObject } from "./any-value";
import { spanUsage, traceUsage, type UsageSpan } from "./span-usage";

describe("spanUsage: a span's model and tokens, in each convention", () => {
  it.each([
    [
      "GenAI (1.27+)",
      {
        "gen_ai.request.model": "gpt-4o",
        "gen_ai.response.model": "gpt-4o-2024-08-06",
        "gen_ai.usage.input_tokens": "120",
        "gen_ai.usage.output_tokens": 30,
      },
      { model: "gpt-4o-2024-08-06", inputTokens: 120, outputTokens: 30 },
    ],
    [
      "GenAI (before 1.27)",
      {
        "gen_ai.request.model": "gpt-4",
        "gen_ai.usage.prompt_tokens": "7",
        "gen_ai.usage.completion_tokens": "3",
      },
      { model: "gpt-4", inputTokens: 7, outputTokens: 3 },
    ],
    [
      "OpenInference",
      {
        "llm.model_name": "claude-3-5-sonnet",
        "llm.token_count.prompt": "11",
        "llm.token_count.completion": "5",
      },
      { model: "claude-3-5-sonnet", inputTokens: 11, outputTokens: 5 },
    ],
    [
      "AI SDK 4",
      { "ai.model.id": "gpt-4o-mini", "ai.usage.promptTokens": "9", "ai.usage.completionTokens": "2" },
      { model: "gpt-4o-mini", inputTokens: 9, outputTokens: 2 },
    ],
    [
      "AI SDK 5",
      {
        "ai.model.id": "gpt-5",
        "ai.response.model": "gpt-5-2025",
        "ai.usage.inputTokens": "4",
        "ai.usage.outputTokens": "1",
      },
      { model: "gpt-5-2025", inputTokens: 4, outputTokens: 1 },
    ],
    [
      "nothing",
      { "http.method": "GET", "gen_ai.usage.input_tokens": "lots" },
      { model: null, inputTokens: null, outputTokens: null },
    ],
  ])("%s", (_, attributes, usage) => {
    expect(spanUsage(attributes)).toEqual(usage);
  });
});

describe("traceUsage: each model call counted once", () => {
  const usage = (model: string, input: number, output: number) => ({
    "ai.model.id": model,
    "ai.usage.promptTokens": String(input),
    "ai.usage.completionTokens": String(output),
  });

  it("counts the AI SDK's inner doGenerate spans, not the outer generateText repeating them", () => {
    const totals = traceUsage([
      { spanId: "a", parentSpanId: "", attributes: usage("gpt-4o", 30, 12) }, // ai.generateText: two steps
      { spanId: "b", parentSpanId: "a", attributes: usage("gpt-4o", 10, 5) }, // ai.generateText.doGenerate
      { spanId: "c", parentSpanId: "a", attributes: usage("gpt-4o", 20, 7) }, // ai.generateText.doGenerate
      { spanId: "d", parentSpanId: "a", attributes: { "ai.toolCall.name": "weather" } },
    ]);
    expect(totals).toEqual({ models: ["gpt-4o"], inputTokens: 30, outputTokens: 12 });
  });

  it("sums leaves across conventions and nesting, lists every model once", () => {
    const totals = traceUsage([
      { spanId: "r", parentSpanId: "", attributes: { "gen_ai.usage.input_tokens": "999" } }, // an agent's sum
      { spanId: "s", parentSpanId: "r", attributes: {} },
      {
        spanId: "t",
        parentSpanId: "s",
        attributes: { "llm.model_name": "m1", "llm.token_count.prompt": "5" },
      },
      {
        spanId: "u",
        parentSpanId: "r",
        attributes: { "gen_ai.request.model": "m2", "gen_ai.usage.output_tokens": 3 },
      },
      {
        spanId: "v",
        parentSpanId: "missing",
        attributes: { "gen_ai.request.model": "m1", "gen_ai.usage.input_tokens": 1 },
      },
    ]);
    expect(totals).toEqual({ models: ["m1", "m2"], inputTokens: 6, outputTokens: 3 });
  });

  it("has no totals when no span carries tokens", () => {
    expect(
      traceUsage([{ spanId: "a", parentSpanId: "", attributes: { "gen_ai.request.model": "x" } }]),
    ).toEqual({
      models: ["x"],
      inputTokens: null,
      outputTokens: null,
    });
  });
});

// The attributes below are those @ai-sdk/otel 1.0.173 (with ai 7.0.173) wrote for a generateText
// of MockLanguageModelV4 making two tool calls and then answering (prompts and outputs left out).
describe("the AI SDK 7 through @ai-sdk/otel", () => {
  const step = (input: number, output: number) => ({ input, output });
  const steps = [step(10, 3), step(20, 4), step(30, 5)];

  it("OpenTelemetry (GenAI conventions): the invoke_agent root sums the chat spans, counted once", () => {
    const root = {
      "gen_ai.operation.name": "invoke_agent",
      "gen_ai.provider.name": "mock-provider",
      "gen_ai.request.model": "mock-model",
      "gen_ai.agent.name": "planner",
      "gen_ai.response.finish_reasons": ["stop"],
      "gen_ai.usage.input_tokens": 60,
      "gen_ai.usage.output_tokens": 12,
    };
    expect(spanUsage(root)).toEqual({ model: "mock-model", inputTokens: 60, outputTokens: 12 });
    const spans: UsageSpan[] = [{ spanId: "root", parentSpanId: "", attributes: root }];
    steps.forEach((s, i) => {
      spans.push({
        spanId: `step${i}`,
        parentSpanId: "root",
        attributes: { "gen_ai.operation.name": "agent_step" },
      });
      spans.push({
        spanId: `chat${i}`,
        parentSpanId: `step${i}`,
        attributes: {
          "gen_ai.operation.name": "chat",
          "gen_ai.provider.name": "mock-provider",
          "gen_ai.request.model": "mock-model",
          "gen_ai.response.model": "mock-model",
          "gen_ai.usage.input_tokens": s.input,
          "gen_ai.usage.output_tokens": s.output,
        },
      });
      if (i < 2) {
        spans.push({
          spanId: `tool${i}`,
          parentSpanId: `step${i}`,
          attributes: {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "weather",
            "gen_ai.tool.call.id": `c${i + 1}`,
          },
        });
      }
    });
    expect(traceUsage(spans)).toEqual({ models: ["mock-model"], inputTokens: 60, outputTokens: 12 });
    // had the root been counted too, the totals would be doubled
    expect(traceUsage(spans.slice(0, 1))).toEqual({
      models: ["mock-model"],
      inputTokens: 60,
      outputTokens: 12,
    });
  });

  it("LegacyOpenTelemetry (ai.* attributes): ai.generateText over its doGenerate spans, counted once", () => {
    const legacy = (input: number, output: number, extra: OtelJsonObject = {}): OtelJsonObject => ({
      "ai.operationId": "ai.generateText",
      "ai.telemetry.functionId": "planner",
      "ai.model.provider": "mock-provider",
      "ai.model.id": "mock-model",
      "ai.usage.inputTokens": input,
      "ai.usage.outputTokens": output,
      "ai.usage.totalTokens": input + output,
      ...extra,
    });
    const spans: UsageSpan[] = [{ spanId: "gen", parentSpanId: "", attributes: legacy(60, 12) }];
    steps.forEach((s, i) => {
      spans.push({
        spanId: `do${i}`,
        parentSpanId: "gen",
        // doGenerate repeats its counts in the GenAI attributes: read once, whichever comes first
        attributes: legacy(s.input, s.output, {
          "ai.operationId": "ai.generateText.doGenerate",
          "ai.response.model": "mock-model-2026",
          "gen_ai.usage.input_tokens": s.input,
          "gen_ai.usage.output_tokens": s.output,
        }),
      });
      spans.push({
        spanId: `tool${i}`,
        parentSpanId: `do${i}`,
        attributes: { "ai.operationId": "ai.toolCall", "ai.toolCall.name": "weather" },
      });
    });
    expect(spanUsage(spans[1]?.attributes ?? {})).toEqual({
      model: "mock-model-2026",
      inputTokens: 10,
      outputTokens: 3,
    });
    expect(traceUsage(spans)).toEqual({
      models: ["mock-model", "mock-model-2026"],
      inputTokens: 60,
      outputTokens: 12,
    });
  });

  it("LegacyOpenTelemetry's embedding spans: ai.usage.tokens counts as input", () => {
    expect(
      spanUsage({ "ai.operationId": "ai.embed", "ai.model.id": "embed-1", "ai.usage.tokens": 8 }),
    ).toEqual({
      model: "embed-1",
      inputTokens: 8,
      outputTokens: null,
    });
  });
});
