export {
  MAX_OTEL_VALUE_DEPTH,
  type OtelJson,
  type OtelJsonObject,
  OtlpShapeError,
  SpanProblem,
} from "./any-value";
export {
  type AgentIdSource,
  CTXLOG_AGENT_ID_ATTRIBUTE,
  deriveAgentId,
  validAgentIdLike,
} from "./derive-agent-id";
export {
  type NormalisedSpan,
  normaliseResource,
  normaliseScope,
  normaliseSpanItem,
  normaliseTraceRequest,
  type OtlpSpanItem,
} from "./normalise-spans";
export { spanContextInput } from "./span-context";
export { type SpanUsage, spanUsage, type TraceUsage, traceUsage, type UsageSpan } from "./span-usage";
export { planSpanAgents, type SpanAgentPlan, type SpanPlacement } from "./trace-agents";
