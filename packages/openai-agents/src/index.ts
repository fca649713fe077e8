// @ctxlog/openai-agents: every finished span of an OpenAI Agents SDK run, logged to ctxlog.
export { type AgentIdOption, defaultAgentId, type TraceInfo } from "./agent-id";
export { MAX_CONTEXT_DATA_BYTES } from "./context-data";
export type { CtxlogProcessorOptions, StepInfo } from "./options";
export { CtxlogTracingProcessor, ctxlogProcessor } from "./processor";
