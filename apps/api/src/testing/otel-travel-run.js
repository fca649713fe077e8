// Test-only: a travel-planning agent instrumented with the real OpenTelemetry SDK, in a process of
// its own, its exporter configured by the OTEL_* variables of its environment. The root span
// `invoke_agent travel-planner` names the agent (gen_ai.agent.name); its children (two chats and a
// tool call) name none, as instrumentations emit them.
// `node otel-travel-run.js <together|children-first|orphans>`:
//   together       – one export at the end (children and root in one request);
//   children-first – the children are exported (flushed) before the root ends, the root in a
//                    second export, as a BatchSpanProcessor does when a run outlasts its delay;
//   orphans        – only the children are exported; the root is never sent.
// Prints {traceId, results} as JSON (each export's ExportResultCode).
const { context, trace } = require("@opentelemetry/api");
const { defaultResource, detectResources, envDetector } = require("@opentelemetry/resources");
const { BasicTracerProvider, BatchSpanProcessor } = require("@opentelemetry/sdk-trace-base");
const { OTLPTraceExporter } = require("@opentelemetry/exporter-trace-otlp-proto");

async function main() {
  const mode = process.argv[2];
  const results = [];
  const inner = new OTLPTraceExporter();
  const exporter = {
    export: (spans, done) => {
      // the orphans run drops the root, as if its process died before exporting it
      const sent = mode === "orphans" ? spans.filter((s) => s.parentSpanContext) : spans;
      if (sent.length === 0) return done({ code: 0 });
      inner.export(sent, (result) => {
        results.push({ code: result.code, spans: sent.length });
        done(result);
      });
    },
    shutdown: () => inner.shutdown(),
    forceFlush: () => inner.forceFlush(),
  };
  const resource = defaultResource().merge(detectResources({ detectors: [envDetector] }));
  const provider = new BasicTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(exporter)] });
  const tracer = provider.getTracer("travel-instrumentation", "1.0.0");

  const root = tracer.startSpan("invoke_agent travel-planner", {
    attributes: { "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "travel-planner" },
  });
  const inRoot = trace.setSpan(context.active(), root);
  const child = (name, attributes) => tracer.startSpan(name, { attributes }, inRoot).end();
  child("chat gpt-4o", { "gen_ai.operation.name": "chat", "gen_ai.request.model": "gpt-4o" });
  child("execute_tool book_flight", { "gen_ai.operation.name": "execute_tool" });
  child("chat gpt-4o", { "gen_ai.operation.name": "chat", "gen_ai.request.model": "gpt-4o" });
  if (mode !== "together") await provider.forceFlush();
  root.end();
  await provider.forceFlush();
  await provider.shutdown();
  process.stdout.write(`${JSON.stringify({ traceId: root.spanContext().traceId, results })}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err?.stack ?? err}\n`);
  process.exit(1);
});
