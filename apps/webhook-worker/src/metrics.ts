import { createMetricsRegistry, createQueueGauges } from "@ctxlog/runtime";
import { Counter, Gauge, Histogram } from "prom-client";

export function createWorkerMetrics() {
  const registry = createMetricsRegistry();
  return {
    registry,
    attempts: new Counter({
      name: "webhook_attempts_total",
      help: "Delivery attempts by outcome",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    attemptSeconds: new Histogram({
      name: "webhook_attempt_duration_seconds",
      help: "Duration of delivery attempts",
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    deliveries: new Counter({
      name: "webhook_deliveries_total",
      help: "Deliveries finished, by final status",
      labelNames: ["status"] as const,
      registers: [registry],
    }),
    deferred: new Counter({
      name: "webhook_deferred_total",
      help: "Jobs deferred because their endpoint had its maximum of attempts in flight",
      registers: [registry],
    }),
    fannedOut: new Counter({
      name: "webhook_fanout_events_total",
      help: "Events fanned out into deliveries",
      registers: [registry],
    }),
    reconciled: new Counter({
      name: "webhook_reconciled_total",
      help: "Due deliveries re-enqueued by the reconciler (most are no-ops: the job still exists)",
      registers: [registry],
    }),
    // Refreshed every METRICS_REFRESH_MS (queue-gauges.ts) for the operator's alerts.
    queue: createQueueGauges(registry),
    endpoints: new Gauge({
      name: "webhook_endpoints",
      help: "Live webhook endpoints of every user by health (active, degraded, failing, disabled), as the API shows them",
      labelNames: ["health"] as const,
      registers: [registry],
    }),
  };
}

export type WorkerMetrics = ReturnType<typeof createWorkerMetrics>;
