import type { Server } from "node:http";
import { serveMetrics } from "@ctxlog/runtime";
import type { ApiDeps } from "./deps";
import type { ApiEnv } from "./env";
import { checkReadiness } from "./routes/health";

/**
 * /metrics, /readyz and /healthz on OPS_HOST:OPS_PORT (127.0.0.1 unless set), never on the public
 * port. In a cluster every API process listens here too and node:cluster shares the port, as it
 * does the public one; whichever process answers, /metrics is the sum over all of them
 * (deps.metrics.collect asks the primary) and /readyz that process's PostgreSQL and Redis.
 */
export function serveOps(deps: ApiDeps, env: Pick<ApiEnv, "OPS_PORT" | "OPS_HOST">): Promise<Server> {
  return serveMetrics(deps.metrics.registry, env.OPS_PORT, env.OPS_HOST, {
    metrics: deps.metrics.collect,
    readiness: () => checkReadiness(deps),
  });
}
