// Test-only: an agent instrumented with the real OpenTelemetry SDK, in a process of its own, its
// exporter configured by the standard OTEL_* variables of its environment and nothing else (as a
// user would deploy it). It emits one run in the GenAI conventions, invoke_agent → chat →
// execute_tool → chat, flushes it as one export, and prints {traceId, results, warnings} as JSON.
// `node otel-agent-run.js <proto|http> [then <proto|http> <Authorization header>]...`: after the
// run, the very same spans are exported again by each `then` exporter (built with that header).
// (A child process: the exporters load node:http with a dynamic import, which jest cannot run.)
const { context, DiagLogLevel, diag, trace } = require("@opentelemetry/api");
const { defaultResource, detectResources, envDetector } = require("@opentelemetry/resources");
const { BasicTracerProvider, BatchSpanProcessor } = require("@opentelemetry/sdk-trace-base");

const EXPORTERS = {
  proto: () => require("@opentelemetry/exporter-trace-otlp-proto").OTLPTraceExporter,
  http: () => require("@opentelemetry/exporter-trace-otlp-http").OTLPTraceExporter,
};

const warnings = [];
const record = (message, ...args) =>
  warnings.push([message, ...args.map((a) => JSON.stringify(a))].join(" "));
diag.setLogger({ error: record, warn: record, info() {}, debug() {}, verbose() {} }, DiagLogLevel.WARN);

const results = [];
// OTLPExporterError carries the HTTP status as `code`
const resultOf = (result) => ({
  code: result.code,
  error: result.error ? String(result.error) : undefined,
  status: result.error?.code,
});
const exported = [];
const newExporter = (kind) => {
  const Exporter = EXPORTERS[kind]();
  return new Exporter();
};
const exportOnce = (exporter, spans) =>
  new Promise((resolve) =>
    exporter.export(spans, (result) => {
      results.push(resultOf(result));
      resolve();
    }),
  );

async function main() {
  const [kind, ...rest] = process.argv.slice(2);
  const inner = newExporter(kind);
  const recording = {
    export: (spans, done) => {
      exported.push(...spans);
      inner.export(spans, (result) => {
        results.push(resultOf(result));
        done(result);
      });
    },
    shutdown: () => inner.shutdown(),
    forceFlush: () => inner.forceFlush(),
  };
  const resource = defaultResource().merge(detectResources({ detectors: [envDetector] }));
  const provider = new BasicTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(recording)] });
  const tracer = provider.getTracer("weather-agent-instrumentation", "0.1.0");

  const agent = tracer.startSpan("invoke_agent weather", {
    attributes: {
      "gen_ai.operation.name": "invoke_agent",
      "gen_ai.agent.name": "weather",
      "gen_ai.provider.name": "openai",
    },
  });
  const inAgent = trace.setSpan(context.active(), agent);
  const chat = (n) => {
    const span = tracer.startSpan(
      "chat gpt-4o",
      {
        kind: 2, // CLIENT
        attributes: {
          "gen_ai.operation.name": "chat",
          "gen_ai.system": "openai",
          "gen_ai.request.model": "gpt-4o",
          "gen_ai.usage.input_tokens": 120 + n,
          "gen_ai.usage.output_tokens": 30,
          "gen_ai.request.temperature": 0.2,
        },
      },
      inAgent,
    );
    span.addEvent("gen_ai.choice", { "gen_ai.response.finish_reasons": ["stop"], index: n });
    span.end();
  };
  chat(1);
  const tool = tracer.startSpan(
    "execute_tool get_weather",
    { attributes: { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "get_weather" } },
    inAgent,
  );
  tool.setStatus({ code: 2, message: "upstream timeout" }); // ERROR
  tool.end();
  chat(2);
  agent.end();
  // a failed export (a wrong key) rejects the flush; its result is recorded above
  await provider.forceFlush().catch(() => undefined);
  await provider.shutdown().catch(() => undefined);

  for (let i = 0; i + 2 < rest.length + 1; i += 3) {
    if (rest[i] !== "then") break;
    process.env.OTEL_EXPORTER_OTLP_HEADERS = `Authorization=${rest[i + 2]}`;
    const again = newExporter(rest[i + 1]);
    await exportOnce(again, exported);
    await again.shutdown();
  }
  process.stdout.write(`${JSON.stringify({ traceId: agent.spanContext().traceId, results, warnings })}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err?.stack ?? err}\n`);
  process.exit(1);
});
