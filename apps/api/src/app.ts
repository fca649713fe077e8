import express, { type Express, type RequestHandler, Router } from "express";
import { serveDashboard } from "./dashboard/serve-dashboard";
import type { ApiDeps } from "./deps";
import { authenticate, requirePermission } from "./http/authenticate";
import { errorHandler, notFoundHandler } from "./http/errors";
import { jsonBody } from "./http/json-body";
import { requestLogger } from "./http/logging";
import { labelRoute, recordHttpMetrics } from "./http/metrics";
import { rateLimit, requireBudget } from "./http/rate-limit";
import { requestDeadline } from "./http/request-deadline";
import { runRoute } from "./http/run-route";
import { validate } from "./http/validate";
import { buildOpenApiDocument } from "./openapi/document";
import { v1Routes } from "./routes";
import { getHealthz } from "./routes/health";
import { routeAuth, routePermission } from "./routes/route-spec";

/** Wires middleware and routes; owns no state of its own. */
export function createApp(deps: ApiDeps): Express {
  const app = express();
  // Routing is exact: `/v1/KEYS`, `/v1/keys/` and `/v1//keys` are not `/v1/keys` but unknown
  // paths (404 for every caller). Set before the first route: the app's router reads them once.
  app.set("case sensitive routing", true);
  app.set("strict routing", true);
  app.disable("x-powered-by");
  app.set("trust proxy", deps.env.TRUST_PROXY);
  app.set("query parser", "simple");
  app.set("json spaces", 0);

  app.use(requestLogger(deps.logger));
  app.use(recordHttpMetrics(deps.metrics));
  app.use(requestDeadline(deps.env.REQUEST_TIMEOUT_MS));

  // liveness stays public for load balancers; /readyz and /metrics are on the ops port (ops-server.ts)
  app.get("/healthz", getHealthz());

  const openApi = JSON.stringify(buildOpenApiDocument(v1Routes));
  app.get("/v1/openapi.json", (_req, res) => {
    res.type("application/json").send(openApi);
  });

  app.use("/dashboard", serveDashboard(deps.env, deps.logger));

  // Who may call a route is declared by the route (`auth`, `permission`) and checked in that
  // route's own chain, after the router has matched it: nothing else decides what a path is.
  const byKeyOrSession = authenticate(deps);
  const bySessionOnly = authenticate(deps, undefined, "session");
  const limit = rateLimit(deps.rateLimiter);
  const v1 = Router({ caseSensitive: true, strict: true });
  for (const route of v1Routes) {
    const chain: RequestHandler[] = [labelRoute(`/v1${route.path}`)];
    const auth = routeAuth(route, deps.env);
    // sign-in and setup ("none") take no credentials and have limits of their own; the limit is
    // charged once per request, a batch route's one unit per item once its body is read
    const itemsOf = route.bodyItems ?? route.rawBody?.items;
    const perItem = itemsOf !== undefined && auth !== "none";
    if (auth === "key") chain.push(byKeyOrSession, ...(perItem ? [] : [limit]));
    if (auth === "session") chain.push(bySessionOnly, ...(perItem ? [] : [limit]));
    const permission = routePermission(route, deps.env);
    if (permission !== "any") chain.push(requirePermission(permission));
    const params = route.params;
    if (params) {
      // ids reach SQL only in their documented shape (a NUL byte would be a database error);
      // checked before the body is read, so a malformed id is a 400 whatever the body
      chain.push((req, res, next) => {
        res.locals.params = validate(params, req.params, "path");
        next();
      });
    }
    // a caller with no budget left is refused before its body is read (charged once it is counted)
    if (perItem) chain.push(requireBudget(deps.rateLimiter));
    if (route.rawBody) {
      chain.push(...route.rawBody.read());
    } else if (route.method === "post" || route.method === "put" || route.body) {
      // (a DELETE reads a body only when its route declares one: an erasure's reason)
      chain.push(...jsonBody({ limit: route.maxBodyBytes, itemsOf: route.bodyItems }));
    }
    if (perItem) chain.push(rateLimit(deps.rateLimiter, itemsOf));
    if (route.rawBody?.decode) chain.push(...route.rawBody.decode());
    chain.push(runRoute(route, deps));
    v1[route.method](route.path, ...chain);
  }
  // a method the table does not have for a path is no route either (without this, express would
  // answer OPTIONS itself, with the path's methods, to anyone)
  v1.use(notFoundHandler);
  app.use("/v1", v1);

  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
