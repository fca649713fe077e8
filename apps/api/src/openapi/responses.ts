import { ERROR_STATUS } from "@ctxlog/core";
import type { ZodOpenApiResponsesObject } from "zod-openapi";
import { type RouteSpec, routeAuth } from "../routes/route-spec";
import { errorResponseSchema } from "../routes/shared-schemas";
import { responseHeaders } from "./headers";

const WHEN: Record<number, string> = {
  400: "The request is invalid: a path parameter, query, header or body out of its schema, or a body that is not JSON.",
  401: "No valid API key or dashboard session (missing, malformed, unknown, revoked or expired).",
  403: "The key's type does not allow this operation (or, for a restricted key, this agent); or a dashboard session's request without its X-CSRF-Token.",
  404: "No such object for this key: another user's objects are never shown.",
  409: "The object is not in a state that allows this.",
  413: "The body is larger than 300 KiB (5 MiB for a batch), or a field larger than its limit.",
  415: "The body is not `application/json` in UTF-8.",
  429: "The key's rate limit is spent (or too many failed attempts from this address, or too many exports at once); retry after Retry-After seconds.",
  503: "A backing service (PostgreSQL, Redis, the chain) is unavailable or too slow, or the request ran past the server's deadline (REQUEST_TIMEOUT_MS); retry with backoff.",
};

const codesFor = (status: number) =>
  Object.entries(ERROR_STATUS)
    .filter(([, s]) => s === status)
    .map(([code]) => `\`${code}\``)
    .join(" or ");

/**
 * Every status an operation can answer with an error, derived from what the middleware does to
 * every route of its kind, plus the route's own. 500 is not listed: it is a bug, never a contract.
 */
export function errorStatuses(route: RouteSpec): number[] {
  const auth = routeAuth(route);
  const statuses = new Set<number>([401, 429, 503, ...route.errors]);
  if (route.permission !== "any" || auth === "session") statuses.add(403);
  // a session's state-changing request without its CSRF token
  if (route.method !== "get" && auth !== "none") statuses.add(403);
  if (route.params) {
    statuses.add(400);
    statuses.add(404);
  }
  if (route.query || route.headers) statuses.add(400);
  if (route.method === "post" || route.method === "put") {
    for (const s of [400, 413, 415]) statuses.add(s);
  }
  return [...statuses].sort((a, b) => a - b);
}

/** The error responses of an operation, keyed by status. */
export function errorResponses(route: RouteSpec): ZodOpenApiResponsesObject {
  return Object.fromEntries(
    errorStatuses(route).map((status) => [
      String(status),
      {
        description: `${codesFor(status) || "Error"}. ${WHEN[status] ?? ""}`.trim(),
        headers: responseHeaders(status, [], routeAuth(route)),
        content: { "application/json": { schema: errorResponseSchema } },
      },
    ]),
  );
}
