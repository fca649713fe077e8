import http from "node:http";
import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

export function createWorkerMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
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
  };
}

export type WorkerMetrics = ReturnType<typeof createWorkerMetrics>;

/** `/metrics` (Prometheus) and `/healthz` on a port of its own; keep it off the public internet. */
export function serveMetrics(metrics: WorkerMetrics, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.url === "/metrics") {
      metrics.registry.metrics().then(
        (text) => res.writeHead(200, { "content-type": metrics.registry.contentType }).end(text),
        () => res.writeHead(500).end(),
      );
    } else if (req.url === "/healthz") {
      res.writeHead(200, { "content-type": "application/json" }).end('{"status":"ok"}');
    } else {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}
