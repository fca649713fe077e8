import type { RequestHandler } from "express";
import type { ApiDeps } from "../deps";
import { type RouteSpec, routeAuth } from "../routes/route-spec";
import { compileCheck } from "./compiled-schemas";
import { readScopeOf } from "./read-scope";
import { type AuthContext, requireAuth } from "./request-context";
import { pickHeaders, validate } from "./validate";

/**
 * Validates every part of the request the route declares, each against the schema the route table
 * names (the one the OpenAPI document shows), and hands the handler the parsed values. Path params
 * were parsed earlier in the chain (app.ts), before the body was read.
 */
export function runRoute(route: RouteSpec, deps: ApiDeps): RequestHandler {
  const handle = route.handler(deps);
  const { body, query, headers } = route;
  const bodyDefault = route.bodyRequired === false ? {} : undefined;
  const accepts = body && route.bodyPassesThrough ? compileCheck(body) : undefined;
  return async (req, res) => {
    // sign-in and setup (auth "none") have no credentials: their handlers never read `auth`
    const auth =
      routeAuth(route, deps.env) === "none" ? (undefined as unknown as AuthContext) : requireAuth(req);
    await handle({
      params: res.locals.params,
      headers: headers
        ? validate(
            headers,
            pickHeaders(headers, (name) => req.get(name)),
            "header",
          )
        : undefined,
      query: query ? validate(query, req.query, "query") : undefined,
      body: !body
        ? undefined
        : accepts?.(req.body)
          ? req.body
          : validate(body, req.body ?? bodyDefault, "body", route.bodyItems),
      // the table's read scope, made from the caller's key type here and nowhere else
      scope: route.scope ? readScopeOf(route.scope, auth) : undefined,
      auth,
      req,
      res,
    });
  };
}
