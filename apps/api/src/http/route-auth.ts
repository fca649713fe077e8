import type { RequestHandler } from "express";
import type { RouteSpec } from "../routes/route-spec";

export type RouteAuth = "any" | "session" | "none";

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Which credentials the route a request is for takes, found before express matches (and decodes)
 * the path: authentication runs first for every route, as it did when all of them took keys, so a
 * request without credentials is a 401 whatever else is wrong with it. Unknown paths: "any".
 */
export function routeAuthOf(routes: RouteSpec[]): (method: string, path: string) => RouteAuth {
  const table = routes.map((route) => ({
    method: route.method.toUpperCase(),
    regex: new RegExp(
      `^${route.path
        .split(/(:[A-Za-z_]+)/)
        .map((part) => (part.startsWith(":") ? "[^/]+" : escapeRegex(part)))
        .join("")}/?$`,
    ),
    auth: route.auth ?? ("any" as const),
  }));
  return (method, path) => {
    const m = method === "HEAD" ? "GET" : method;
    return table.find((r) => r.method === m && r.regex.test(path))?.auth ?? "any";
  };
}

/** Runs `handler` only for requests whose route takes `auth`. */
export function forRouteAuth(
  authOf: (method: string, path: string) => RouteAuth,
  accepts: (auth: RouteAuth) => boolean,
  handler: RequestHandler,
): RequestHandler {
  return (req, res, next) => (accepts(authOf(req.method, req.path)) ? handler(req, res, next) : next());
}
