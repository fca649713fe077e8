import http from "node:http";
import { collectDefaultMetrics, Registry } from "prom-client";

export interface Readiness {
  ready: boolean;
  /** the JSON answered with 200 when ready, 503 otherwise */
  body: unknown;
}

export interface OpsEndpoints {
  /** the Prometheus text of /metrics; default `registry.metrics()` (a cluster sums its processes) */
  metrics?: () => Promise<string>;
  /** serves /readyz when given */
  readiness?: () => Promise<Readiness>;
  /** the JSON of /healthz (always 200: the process is alive); default `{status: "ok"}` */
  health?: () => Promise<object>;
}

/**
 * A registry of its own with the process's default metrics (CPU, memory, event loop, GC), for one
 * app instance: several apps in one process (tests) never collide.
 */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

const json = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

/**
 * `/metrics` (Prometheus text), `/healthz` and optionally `/readyz` on an operations port of the
 * process's own, apart from any public port. Keep it off the public internet (bind it to
 * 127.0.0.1 or a private interface). The URL is matched as sent, never decoded, so no request
 * line can make it throw.
 */
export function serveMetrics(
  registry: Registry,
  port: number,
  host: string,
  endpoints: OpsEndpoints = {},
): Promise<http.Server> {
  const metrics = endpoints.metrics ?? (() => registry.metrics());
  const server = http.createServer((req, res) => {
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD" }).end();
    } else if (path === "/metrics") {
      metrics().then(
        (text) => res.writeHead(200, { "content-type": registry.contentType }).end(text),
        () => res.writeHead(500).end(),
      );
    } else if (path === "/healthz") {
      if (!endpoints.health) json(res, 200, { status: "ok" });
      else
        endpoints.health().then(
          (body) => json(res, 200, { status: "ok", ...body }),
          () => json(res, 200, { status: "ok" }),
        );
    } else if (path === "/readyz" && endpoints.readiness) {
      endpoints.readiness().then(
        ({ ready, body }) => json(res, ready ? 200 : 503, body),
        () => json(res, 503, { status: "unavailable" }),
      );
    } else {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}
