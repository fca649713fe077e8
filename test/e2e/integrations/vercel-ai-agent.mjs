// A Vercel AI SDK (ai 7) agent whose telemetry goes to ctxlog: the setup docs/opentelemetry.md gives
// ("Vercel AI SDK"), run by vercel-ai.test.ts in a child process (ai is ESM only; jest here is
// CommonJS). An OpenTelemetry tracer provider registered globally, exporting through the standard
// OTLP exporter configured by the OTEL_* variables; @ai-sdk/otel's integration registered once with
// the AI SDK; then one generateText of `ai/test`'s MockLanguageModelV4 that calls the weather tool
// twice and then answers. No network but the exporter's, no model call.
//
// Knobs (environment): VAI_INTEGRATION `otel` (OpenTelemetry, GenAI spans; default) or `legacy`
// (LegacyOpenTelemetry, ai.* spans); VAI_OPTION `telemetry` (default) or `experimental_telemetry`
// (its deprecated alias, with isEnabled: true as in ai ≤ 6); VAI_FUNCTION_ID (default "planner");
// VAI_RECORD `off` for recordInputs and recordOutputs false.
// Prints one JSON line: { text, tool_results, trace_ids (of the spans ended), export_error (or null) }.
import { LegacyOpenTelemetry, OpenTelemetry } from "@ai-sdk/otel";
import { trace } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { defaultResource, detectResources, envDetector } from "@opentelemetry/resources";
import { BasicTracerProvider, BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { generateText, isStepCount, jsonSchema, registerTelemetry, tool } from "ai";
import { MockLanguageModelV4 } from "ai/test";

const env = process.env;
const traceIds = new Set();
/** Notes the trace of each span ended, so the test knows which trace to look for. */
const traceIdsSeen = {
  onStart() {},
  onEnd(span) {
    traceIds.add(span.spanContext().traceId);
  },
  forceFlush: async () => {},
  shutdown: async () => {},
};

const resource = defaultResource().merge(detectResources({ detectors: [envDetector] }));
const provider = new BasicTracerProvider({
  resource,
  spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter()), traceIdsSeen],
});
trace.setGlobalTracerProvider(provider);
// the one line for the AI SDK 7: its spans then go to the global tracer provider's exporter
registerTelemetry(env.VAI_INTEGRATION === "legacy" ? new LegacyOpenTelemetry() : new OpenTelemetry());

const usage = (input, output) => ({
  inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: output, text: output, reasoning: undefined },
});
const toolCallStep = (id, city, input, output) => ({
  content: [{ type: "tool-call", toolCallId: id, toolName: "weather", input: JSON.stringify({ city }) }],
  finishReason: { unified: "tool-calls", raw: undefined },
  usage: usage(input, output),
  warnings: [],
});
const model = new MockLanguageModelV4({
  provider: "mock-provider",
  modelId: "mock-model",
  doGenerate: [
    toolCallStep("call-1", "Paris", 10, 3),
    toolCallStep("call-2", "Rome", 20, 4),
    {
      content: [{ type: "text", text: "Paris 18 °C, Rome 24 °C." }],
      finishReason: { unified: "stop", raw: undefined },
      usage: usage(30, 5),
      warnings: [],
    },
  ],
});
const weather = tool({
  description: "The temperature in a city",
  inputSchema: jsonSchema({ type: "object", properties: { city: { type: "string" } }, required: ["city"] }),
  execute: async ({ city }) => ({ city, celsius: city === "Paris" ? 18 : 24 }),
});

const functionId = env.VAI_FUNCTION_ID ?? "planner";
const record = env.VAI_RECORD === "off" ? { recordInputs: false, recordOutputs: false } : {};
const telemetry =
  env.VAI_OPTION === "experimental_telemetry"
    ? { experimental_telemetry: { isEnabled: true, functionId, ...record } }
    : { telemetry: { functionId, ...record } };

const result = await generateText({
  model,
  tools: { weather },
  stopWhen: isStepCount(5),
  prompt: "What is the weather in Paris and in Rome?",
  ...telemetry,
});
const toolResults = result.steps.flatMap((s) => s.toolResults.map((r) => r.output));
// spans still in the batch would be lost at exit: export them. The agent's answer never waited on
// ctxlog; when ctxlog cannot be reached the exporter retries, then shutdown() rejects with the cause.
const exported = await provider.shutdown().then(
  () => null,
  (error) => String(error?.message ?? error),
);
console.log(
  JSON.stringify({
    text: result.text,
    tool_results: toolResults,
    trace_ids: [...traceIds],
    export_error: exported,
  }),
);
