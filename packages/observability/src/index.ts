export { serveMetrics } from "./serve-metrics";
