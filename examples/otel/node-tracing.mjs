// An agent run traced with the OpenTelemetry SDK for Node and exported to ctxlog, configured by the
// OTEL_* variables of docs/opentelemetry.md. Needs:
//   npm install @opentelemetry/api @opentelemetry/sdk-trace-base @opentelemetry/resources \
//     @opentelemetry/exporter-trace-otlp-proto
import { context, trace } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { defaultResource, detectResources, envDetector } from "@opentelemetry/resources";
import { BasicTracerProvider, BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";

// SDK 2.x reads OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES only through the env detector: a
// provider built without it files every span under the agent "unknown_service:node".
const resource = defaultResource().merge(detectResources({ detectors: [envDetector] }));
// the exporter reads OTEL_EXPORTER_OTLP_ENDPOINT, _HEADERS and _COMPRESSION itself
const exporter = new OTLPTraceExporter();
const provider = new BasicTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(exporter)] });
const tracer = provider.getTracer("travel-agent", "1.0.0");

// one agent run: the root names the agent (GenAI conventions), its chat span inherits it
const run = tracer.startSpan("invoke_agent travel-planner", {
  attributes: { "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "travel-planner" },
});
const chat = tracer.startSpan(
  "chat gpt-4o",
  {
    attributes: {
      "gen_ai.operation.name": "chat",
      "gen_ai.request.model": "gpt-4o",
      "gen_ai.usage.input_tokens": 120,
      "gen_ai.usage.output_tokens": 30,
    },
  },
  trace.setSpan(context.active(), run),
);
chat.end();
run.end();

// flush before the process exits: spans still in the batch would be lost
await provider.shutdown();
console.log(`trace ${run.spanContext().traceId} exported`);
