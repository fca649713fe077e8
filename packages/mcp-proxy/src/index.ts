// @ctxlog/mcp-proxy: `npx ctxlog-mcp-proxy -- <server command…>` (see README.md), and the same
// proxy as functions, for a program that runs it in process.
export { ContextSink } from "./context-sink";
export { Diagnostics } from "./diagnostics";
export { type HttpProxyOptions, type RunningHttpProxy, startHttpProxy } from "./http-proxy";
export { JsonLineTap } from "./json-lines";
export { McpSession } from "./mcp-session";
export {
  agentIdOf,
  type IntegrationOptions,
  type McpSessionInfo,
  type StepInfo,
  UNNAMED_CLIENT,
} from "./options";
export { CTXLOG_SOURCE } from "./source";
export { runStdioProxy, type ServerExit, type StdioProxyOptions } from "./stdio-proxy";
export {
  type FinishedToolCall,
  MAX_DATA_BYTES,
  type SessionFacts,
  toolCallContext,
} from "./tool-call-context";
