// @ctxlog/langchain — a LangChain.js / LangGraph callback handler that logs each run as a context.
export { CtxlogCallbackHandler } from "./callback-handler";
export type { JsonValue } from "./json-value";
export type { StepUsage } from "./llm-result";
export type { CtxlogCallbackHandlerOptions, RootRunInfo, StepInfo, StepKind } from "./options";
export type { FinishedRun } from "./run-context";
