export { createLogger, type LoggerOptions, REDACT_PATHS, REDACTED } from "./create-logger";
export { handleShutdown, type ShutdownOptions } from "./handle-shutdown";
export { createQueueGauges, type QueueGauges, type QueueStatsLike } from "./queue-gauges";
export { DEFAULT_SLOW_STEP_REPORT_MS, type LoopLogger, type RunningLoop, runLoop } from "./run-loop";
export { runMain } from "./run-main";
export { createMetricsRegistry, type OpsEndpoints, type Readiness, serveMetrics } from "./serve-metrics";
