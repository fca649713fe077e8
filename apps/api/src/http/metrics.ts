import { createMetricsRegistry } from "@ctxlog/runtime";
import type { RequestHandler } from "express";
import { Counter, Histogram } from "prom-client";
import { clusterMetricsSource } from "../cluster";

/** One registry per app instance, so several apps in one process (tests) never collide. */
export function createApiMetrics(opts: { clustered?: boolean } = {}) {
  const registry = createMetricsRegistry();
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests by method, route and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request latency by method, route and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  // OTLP answers 200 with partial_success when it refuses spans, and exporters only log that in
  // their diagnostics: this counter is where an operator sees it (reasons: OTLP_SPAN_REJECTIONS)
  const otelSpansRejected = new Counter({
    name: "ctxlog_otel_spans_rejected_total",
    help: "OTLP spans refused by POST /v1/otel/v1/traces, by reason",
    labelNames: ["reason"] as const,
    registers: [registry],
  });
  // In a cluster (API_PROCESSES > 1) a scrape answers the sum over every API process.
  const collect = opts.clustered ? clusterMetricsSource(registry) : () => registry.metrics();
  return { registry, requests, duration, otelSpansRejected, collect };
}

export type ApiMetrics = ReturnType<typeof createApiMetrics>;

/**
 * Labels use the route pattern (`/v1/contexts/:id`), never the raw path, to bound cardinality.
 * The labelled children are looked up once per label set, not hashed from an object per request.
 */
export function recordHttpMetrics(metrics: ApiMetrics): RequestHandler {
  const children = new Map<string, { count: () => void; observe: (seconds: number) => void }>();
  const child = (method: string, route: string, status: string) => {
    const key = `${method} ${route} ${status}`;
    let found = children.get(key);
    if (!found) {
      const labels = { method, route, status };
      const counter = metrics.requests.labels(labels);
      const histogram = metrics.duration.labels(labels);
      found = { count: () => counter.inc(), observe: (seconds) => histogram.observe(seconds) };
      children.set(key, found);
    }
    return found;
  };
  return function recordMetrics(req, res, next) {
    const startedAt = performance.now();
    res.once("finish", () => {
      // Routers reset req.baseUrl on the way out, so mounted routes record their full pattern in
      // res.locals while they run (see labelRoute).
      const pattern = res.locals.routePattern ?? req.route?.path;
      const route = typeof pattern === "string" ? pattern : "unmatched";
      const recorded = child(req.method, route, String(res.statusCode));
      recorded.count();
      recorded.observe((performance.now() - startedAt) / 1000);
    });
    next();
  };
}

/** Records the full route pattern of a route mounted under a prefix, for the metrics labels. */
export function labelRoute(pattern: string): RequestHandler {
  return (_req, res, next) => {
    res.locals.routePattern = pattern;
    next();
  };
}
