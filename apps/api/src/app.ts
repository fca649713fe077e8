import express, { type Express, type RequestHandler, Router } from "express";
import { serveDashboard } from "./dashboard/serve-dashboard";
import type { ApiDeps } from "./deps";
import { authenticate, requirePermission } from "./http/authenticate";
import { errorHandler, notFoundHandler } from "./http/errors";
import { jsonBody } from "./http/json-body";
import { requestLogger } from "./http/logging";
import { labelRoute, recordHttpMetrics } from "./http/metrics";
import { rateLimit } from "./http/rate-limit";
import { forRouteAuth, routeAuthOf } from "./http/route-auth";
import { runRoute } from "./http/run-route";
import { validate } from "./http/validate";
import { buildOpenApiDocument } from "./openapi/document";
import { v1Routes } from "./routes";
import { getHealthz } from "./routes/health";

/** Wires middleware and routes; owns no state of its own. */
export function createApp(deps: ApiDeps): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", deps.env.TRUST_PROXY);
  app.set("query parser", "simple");
  app.set("json spaces", 0);

  app.use(requestLogger(deps.logger));
  app.use(recordHttpMetrics(deps.metrics));

  // liveness stays public for load balancers; /readyz and /metrics are on the ops port (ops-server.ts)
  app.get("/healthz", getHealthz());

  const openApi = JSON.stringify(buildOpenApiDocument(v1Routes));
  app.get("/v1/openapi.json", (_req, res) => {
    res.type("application/json").send(openApi);
  });

  app.use("/dashboard", serveDashboard(deps.env, deps.logger));

  const v1 = Router();
  // keys or sessions, sessions only, or nothing (sign-in and setup, which have limits of their own)
  const authOf = routeAuthOf(v1Routes);
  v1.use(
    forRouteAuth(authOf, (a) => a === "any", authenticate(deps)),
    forRouteAuth(authOf, (a) => a === "session", authenticate(deps, undefined, "session")),
  );
  for (const route of v1Routes) {
    const chain: RequestHandler[] = [labelRoute(`/v1${route.path}`)];
    // charged once, by the route: a batch route one unit per item, once its body is read
    const limited = route.auth !== "none";
    if (limited && !route.bodyItems) chain.push(rateLimit(deps.rateLimiter));
    if (route.permission) chain.push(requirePermission(route.permission));
    const params = route.params;
    if (params) {
      // ids reach SQL only in their documented shape (a NUL byte would be a database error);
      // checked before the body is read, so a malformed id is a 400 whatever the body
      chain.push((req, res, next) => {
        res.locals.params = validate(params, req.params, "path");
        next();
      });
    }
    if (route.method === "post" || route.method === "put") {
      chain.push(...jsonBody({ limit: route.maxBodyBytes, itemsOf: route.bodyItems }));
    }
    if (limited && route.bodyItems) chain.push(rateLimit(deps.rateLimiter, route.bodyItems));
    chain.push(runRoute(route, deps));
    v1[route.method](route.path, ...chain);
  }
  app.use("/v1", v1);

  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
