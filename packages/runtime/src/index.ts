export { type OpsEndpoints, type Readiness, serveMetrics } from "./serve-metrics";
