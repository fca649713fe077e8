// bench:integrations, the Vercel AI SDK (issue 41): what sending the AI SDK's telemetry to ctxlog
// adds to an agent's step. The step: one generateText of `ai/test`'s MockLanguageModelV4 (one model
// call answering in text: the spans invoke_agent, step 1 and chat). With: telemetry through
// @ai-sdk/otel's OpenTelemetry integration, its spans exported by the standard OTLP protobuf exporter
// through a BatchSpanProcessor (the setup docs/opentelemetry.md gives) to a loopback server answering
// 200 as the API does; prompts and outputs recorded (the SDK's default). Without: the same call with
// telemetry: { isEnabled: false }. Alternating, the order turned round every step, in one process;
// the exports run in the background as they would in an app, and their cost on the event loop lands
// in whichever steps it falls on. `ai` is ESM only, hence import().
const http = require("node:http");

/** A loopback OTLP endpoint that reads each request and answers an empty ExportTraceServiceResponse. */
async function startReceiver() {
  let requests = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      requests++;
      res.writeHead(200, { "content-type": "application/x-protobuf" }).end();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/v1/otel/v1/traces`,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function run({ steps }) {
  const [{ generateText }, { MockLanguageModelV4 }, { OpenTelemetry }, { OTLPTraceExporter }, traceBase] =
    await Promise.all([
      import("ai"),
      import("ai/test"),
      import("@ai-sdk/otel"),
      import("@opentelemetry/exporter-trace-otlp-proto"),
      import("@opentelemetry/sdk-trace-base"),
    ]);
  const receiver = await startReceiver();
  const provider = new traceBase.BasicTracerProvider({
    spanProcessors: [new traceBase.BatchSpanProcessor(new OTLPTraceExporter({ url: receiver.url }))],
  });
  const otel = new OpenTelemetry({ tracer: provider.getTracer("ai") });
  const model = new MockLanguageModelV4({
    provider: "mock-provider",
    modelId: "mock-model",
    doGenerate: async () => ({
      content: [{ type: "text", text: "Paris 18 °C." }],
      finishReason: { unified: "stop", raw: undefined },
      usage: {
        inputTokens: { total: 12, noCache: 12, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 4, text: 4, reasoning: undefined },
      },
      warnings: [],
    }),
  });
  const with_ = { telemetry: { functionId: "planner", integrations: [otel] } };
  const without = { telemetry: { isEnabled: false } };
  const step = async (options) => {
    const started = process.hrtime.bigint();
    const result = await generateText({ model, prompt: "What is the weather in Paris?", ...options });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (result.text !== "Paris 18 °C.") throw new Error(`unexpected answer: ${result.text}`);
    return ms;
  };

  try {
    for (let i = 0; i < Math.min(200, steps); i++) {
      await step(with_);
      await step(without);
    }
    const timesWith = [];
    const timesWithout = [];
    for (let i = 0; i < steps; i++) {
      if (i % 2 === 0) {
        timesWith.push(await step(with_));
        timesWithout.push(await step(without));
      } else {
        timesWithout.push(await step(without));
        timesWith.push(await step(with_));
      }
    }
    await provider.forceFlush();
    if (receiver.requests() === 0) throw new Error("no span reached the loopback endpoint");
    return {
      name: "vercel-ai (@ai-sdk/otel → OTLP)",
      median_ms_without: median(timesWithout),
      median_ms_with: median(timesWith),
      steps,
    };
  } finally {
    await provider.shutdown();
    await receiver.close();
  }
}

module.exports = { run };
