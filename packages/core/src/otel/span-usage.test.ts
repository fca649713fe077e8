import { spanUsage, traceUsage } from "./span-usage";

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
