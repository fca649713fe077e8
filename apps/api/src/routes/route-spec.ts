import type { Operation } from "@ctxlog/core";
import type { ContextReader, VerificationViewer } from "@ctxlog/db";
import type { Request, RequestHandler, Response } from "express";
import type { z } from "zod";
import type { ZodOpenApiContentObject } from "zod-openapi";
import type { ApiDeps } from "../deps";
import type { ApiEnv } from "../env";
import type { AuthContext } from "../http/request-context";

/**
 * What a route reads of its user's records, narrowed by the caller's key type (see `scope` below):
 * "contexts" (a public key: public contexts only; a restricted key: its own key family's) or
 * "verifications" (public and restricted keys: their own key family's).
 */
export type ReadScopeKind = "contexts" | "verifications";

/** The zod schemas a route declares for each part of its request, and what it reads. */
export interface RouteSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodObject;
  headers?: z.ZodObject;
  scope?: ReadScopeKind;
}

/** What a schema gives the handler; a part the route does not declare is `undefined`. */
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The reader a route's `scope` gives its handler: every query of it is made as that reader. */
export type ReadScope<K> = K extends "contexts"
  ? ContextReader
  : K extends "verifications"
    ? VerificationViewer
    : undefined;

/**
 * What a handler receives: each request part already validated by the router against the route's
 * own schema (see app.ts), typed from that schema. `req` and `res` stay available for what the
 * parts do not cover (the raw body for a request hash, response headers).
 */
export interface RouteInput<S extends RouteSchemas = RouteSchemas> {
  body: Parsed<S["body"]>;
  query: Parsed<S["query"]>;
  params: Parsed<S["params"]>;
  headers: Parsed<S["headers"]>;
  /** the rows the caller may read (the route's `scope`, from the table; undefined without one) */
  scope: ReadScope<S["scope"]>;
  auth: AuthContext;
  req: Request;
  res: Response;
}

/** The input of a route that declares no schema (its handler reads only `auth`, `req`, `res`). */
export type NoSchemas = {
  body?: undefined;
  query?: undefined;
  params?: undefined;
  headers?: undefined;
  scope?: undefined;
};

/**
 * A route's use case, given its dependencies once at start-up. Declare the schemas it reads, e.g.
 * `RouteHandler<{ params: typeof idParamsSchema }>`: defineRoute then refuses to pair it with a
 * route that does not declare those same schemas.
 */
export type RouteHandler<S extends RouteSchemas = RouteSchemas> = (
  input: RouteInput<S>,
) => Promise<void> | void;

export type RouteAuth = "key" | "session" | "none";

interface RouteFields {
  method: "get" | "post" | "put" | "delete";
  /** express-style path under /v1, e.g. `/contexts/:id` */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  /**
   * Who may call the route (default "key"): "key": an API key, or a dashboard session (which acts
   * as a full key of its user), whose type allows `permission`; "session": a dashboard session
   * only (any API key gets 403); "none": nobody needs to be signed in (sign-in and setup, with
   * limits of their own). Enforced in the route's own chain (app.ts), after the router matched it.
   */
  auth?: RouteAuth;
  /**
   * A route declared without credentials (auth "none") that the API's settings may close: when this
   * returns an operation, the route takes an API key (or session) allowed it, as auth "key" would.
   * The transparency log's routes: public unless TLOG_PUBLIC=false.
   */
  keyWhen?: (env: ApiEnv) => Operation | null;
  /**
   * The operation the caller's key type must allow. Required on every route, so that a new route
   * is never open by default: "any" says so explicitly (every valid credential the route's `auth`
   * takes; the only value a route with auth "none" may have).
   */
  permission: Operation | "any";
  /**
   * What the route reads of its user's records, narrowed per key type by the router before the
   * handler runs (the handler gets it as `scope` and queries as that reader): a route never works
   * out from the key's type which rows it may see.
   */
  scope?: ReadScopeKind;
  /** false: the body may be left out, and is then validated as `{}` (default true when there is a body) */
  bodyRequired?: boolean;
  /** the largest body in bytes; default MAX_BODY_BYTES (300 KiB) */
  maxBodyBytes?: number;
  /**
   * a batch route's array field: each of its items is checked on its own (JSON hazards, nesting)
   * and a problem in an item is reported with its `index` and `code`
   */
  bodyItems?: string;
  /**
   * true: the body schema has no defaults or transforms, so a body it accepts reaches the handler
   * unchanged; the router then checks it with the validator compiled (ajv) from the schema's JSON
   * Schema, and zod parses only a refused body, to word the errors
   */
  bodyPassesThrough?: true;
  /**
   * a body that is not JSON (OTLP/HTTP's protobuf): read by `read` instead of the JSON body reader
   * and left in `req.body` for the handler (as `read` leaves it); `content` documents each media
   * type it takes; `items`, when given, counts the body's items: the request is then charged one
   * rate-limit unit per item, once, after `read` (as `bodyItems` does for a JSON batch); `decode`,
   * when given, runs after that charge (so `read` counts the items, and `decode` builds them)
   */
  rawBody?: {
    read: () => RequestHandler[];
    decode?: () => RequestHandler[];
    description: string;
    content: ZodOpenApiContentObject;
    items?: (body: unknown) => number;
  };
  success: {
    status: number;
    description: string;
    /** omitted for 204 No Content */
    schema?: z.ZodType;
    /**
     * default application/json; "application/x-ndjson": a stream of JSON lines, `schema` describing
     * each line
     */
    contentType?: "application/json" | "application/x-ndjson";
    /** a response in several media types (the request's, as OTLP/HTTP answers): replaces `schema` */
    content?: ZodOpenApiContentObject;
    /** headers this route sets on its success response, beyond the ones every response has */
    headers?: SuccessHeader[];
  };
  /**
   * error statuses beyond the ones the document derives (401, 429 and 503 everywhere; 403 with a
   * permission; 400 and 404 with path params; 400 with a query; 400, 413 and 415 on POST and PUT)
   */
  errors: number[];
}

/**
 * One entry per /v1 route. The router, its validation and the OpenAPI document are all built from
 * this table: the schemas that document a request are the ones that check it, so they cannot drift.
 */
export interface RouteSpec extends RouteFields, RouteSchemas {
  handler: (deps: ApiDeps) => RouteHandler;
}

/**
 * Declares a route, checking at compile time that its handler reads only the parts (and shapes)
 * its schemas declare: a handler typed for a body cannot be given to a route without one.
 */
export function defineRoute<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodObject | undefined = undefined,
  H extends z.ZodObject | undefined = undefined,
  K extends ReadScopeKind | undefined = undefined,
>(
  route: Omit<RouteFields, "scope"> & {
    body?: B;
    query?: Q;
    params?: P;
    headers?: H;
    scope?: K;
    // NoInfer: the schemas come from the route alone, never from what the handler would like
    handler: (deps: ApiDeps) => RouteHandler<NoInfer<{ body: B; query: Q; params: P; headers: H; scope: K }>>;
  },
): RouteSpec {
  // The erased form for the router and the document; the router parses each part with the very
  // schema that typed it, so the handler's view holds at run time.
  return route as unknown as RouteSpec;
}

/** The operation a caller must be allowed on `route` under `env` ("any": none). */
export function routePermission(route: Pick<RouteFields, "permission" | "keyWhen">, env: ApiEnv) {
  return route.keyWhen?.(env) ?? route.permission;
}

/** A header a route sets on its success response (see openapi/headers.ts). */
export interface SuccessHeader {
  name: "Location" | "Idempotent-Replayed" | "Set-Cookie";
  required: boolean;
  description: string;
}

/**
 * Who may call `route`: its declared `auth`, "key" when it declares none, or when its `keyWhen`
 * names an operation for `env` (without `env`: as declared, the OpenAPI document's view).
 */
export function routeAuth(
  route: Pick<RouteFields, "auth" | "permission" | "scope" | "path" | "keyWhen">,
  env?: ApiEnv,
): RouteAuth {
  if (env && route.keyWhen?.(env)) return "key";
  const auth = route.auth ?? "key";
  // table mistakes, refused at start-up: a permission or a read scope needs a caller to have it
  if (auth === "none" && (route.permission !== "any" || route.scope)) {
    throw new Error(`route ${route.path} takes no credentials but declares permission ${route.permission}`);
  }
  return auth;
}
