import {
  createDocument,
  type oas31,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
} from "zod-openapi";
import { MAX_BODY_BYTES, MAX_JSON_DEPTH } from "../http/json-body";
import { type ReadScopeKind, type RouteSpec, routeAuth } from "../routes/route-spec";
import { headerComponents, responseHeaders } from "./headers";
import { errorResponses } from "./responses";
import { webhookEvents } from "./webhooks";

// `:name` and a wildcard `*name` (the rest of the path, as the route's params schema describes it)
const toOpenApiPath = (path: string) => path.replace(/[:*]([A-Za-z_]+)/g, "{$1}");

/** What the JSON body middleware enforces that JSON Schema cannot say. */
const bodyRules = (route: RouteSpec) => {
  const max = route.maxBodyBytes ?? MAX_BODY_BYTES;
  const where = route.bodyItems
    ? `In each item of \`${route.bodyItems}\` (nesting counted from the item)`
    : "Anywhere in it";
  return (
    `\`Content-Type: application/json\` in UTF-8 (else 415), at most ${max / 1024} KiB ` +
    `(${max} bytes; else 413). ${where}: nesting at most ${MAX_JSON_DEPTH} deep, no ` +
    "`__proto__` key, no NUL character (`\\u0000`) and no lone surrogate (else 400 VALIDATION_ERROR); " +
    "text that is not JSON is 400 INVALID_JSON."
  );
};

const NO_BODY =
  "Takes no body; one sent anyway is ignored, but must still be JSON within the body rules (else 400, " +
  "413 or 415).";

const SESSION_ONLY =
  "Dashboard sessions only (the `ctxlog_session` cookie): an API key of any type gets 403 INSUFFICIENT_PERMISSIONS.";
const READ_SCOPES: Record<ReadScopeKind, string> = {
  contexts:
    "Reads only the caller's own user's contexts: a `public` key only contexts created with `visibility: \"public\"`, a `restricted` key only those its key family created; anything else is a 404.",
  verifications:
    "Reads only the caller's own user's verifications: `public` and `restricted` keys only those made with their own key family; anything else is a 404.",
};
const NO_CREDENTIALS = "Takes no credentials; failures are limited per account and per client address (429).";
const PUBLIC_UNLESS_CLOSED =
  "Takes no credentials and is not rate limited (cache it); a setting of the service may put it behind a key (401, 403).";
const CSRF =
  "With a dashboard session, send the session's `csrf_token` as `X-CSRF-Token` (else 403 CSRF_TOKEN_INVALID).";

/** Who may call: `auth: "none"` routes take nothing; session routes the cookie; the rest either. */
function securityOf(route: RouteSpec): oas31.SecurityRequirementObject[] {
  const auth = routeAuth(route);
  if (auth === "none") return [];
  if (auth === "session") return [{ sessionCookie: [] }];
  return [{ bearerAuth: [] }, { sessionCookie: [] }];
}

function describe(route: RouteSpec): string | undefined {
  const changesState = route.method !== "get";
  const auth = routeAuth(route);
  const parts = [
    route.permission !== "any" ? `Requires a key with the \`${route.permission}\` permission.` : undefined,
    route.scope ? READ_SCOPES[route.scope] : undefined,
    auth === "session" ? SESSION_ONLY : undefined,
    auth === "none" ? (route.keyWhen ? PUBLIC_UNLESS_CLOSED : NO_CREDENTIALS) : undefined,
    changesState && auth !== "none" ? CSRF : undefined,
    (route.method === "post" || route.method === "put") && !route.body && !route.rawBody
      ? NO_BODY
      : undefined,
  ].filter(Boolean);
  return parts.length ? parts.join(" ") : undefined;
}

function operationOf(route: RouteSpec): ZodOpenApiOperationObject {
  const description = describe(route);
  return {
    operationId: route.operationId,
    summary: route.summary,
    tags: [route.tag],
    ...(description ? { description } : {}),
    security: securityOf(route),
    requestParams: {
      ...(route.params ? { path: route.params } : {}),
      ...(route.query ? { query: route.query as never } : {}),
      ...(route.headers ? { header: route.headers } : {}),
    },
    ...(route.body
      ? {
          requestBody: {
            required: route.bodyRequired ?? true,
            description: bodyRules(route),
            content: { "application/json": { schema: route.body } },
          },
        }
      : {}),
    ...(route.rawBody
      ? {
          requestBody: {
            required: true,
            description: route.rawBody.description,
            content: route.rawBody.content,
          },
        }
      : {}),
    responses: {
      [String(route.success.status)]: {
        description: route.success.description,
        headers: responseHeaders(route.success.status, route.success.headers, routeAuth(route)),
        ...(route.success.content
          ? { content: route.success.content }
          : route.success.schema
            ? {
                content: {
                  [route.success.contentType ?? "application/json"]: { schema: route.success.schema },
                },
              }
            : {}),
      },
      ...errorResponses(route),
    },
  };
}

/** The OpenAPI 3.1 document, generated from the route table and its zod schemas. */
export function buildOpenApiDocument(routes: RouteSpec[]): oas31.OpenAPIObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    const key = `/${toOpenApiPath(route.path).replace(/^\//, "")}`;
    paths[key] = { ...(paths[key] ?? {}), [route.method]: operationOf(route) };
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "ctxlog API",
      version: "1.0.0",
      description:
        "Context logging: every context is hashed, signed, anchored on an EVM chain and verifiable by anyone. " +
        "Every response carries X-Request-Id; every response to an authenticated, counted request carries " +
        "RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset. The events the service sends to " +
        "registered endpoints are under `webhooks`.",
      license: { name: "UNLICENSED", identifier: "UNLICENSED" },
    },
    // Relative: the document is served by the deployment it describes, at /v1/openapi.json.
    servers: [{ url: "/v1", description: "This deployment" }],
    security: [{ bearerAuth: [] }, { sessionCookie: [] }],
    tags: [
      {
        name: "Keys",
        description:
          "The presented API key; and the user's keys, created and managed by dashboard sessions only.",
      },
      {
        name: "Dashboard",
        description:
          "Dashboard accounts and sessions (the `ctxlog_session` cookie, HttpOnly, SameSite=Strict), and the overview.",
      },
      { name: "Contexts", description: "Submit and read contexts, their proofs, and retry failed ones" },
      {
        name: "Search",
        description:
          "One query for every kind of record: an id, a context, entry or transaction hash, or an agent_id.",
      },
      {
        name: "Agents",
        description:
          "Each (user, agent_id) is an append-only log: its entries numbered 1, 2, 3, … and hash-linked. " +
          "List the logs and export one for `npx ctxlog audit`.",
      },
      {
        name: "Verifications",
        description:
          "Check a context against the chain: hash, signature, Merkle proof, Anchored log, block and " +
          "confirmations, each reported as a named check; and the service's signers with their periods.",
      },
      {
        name: "Webhooks",
        description:
          "Endpoints that receive signed events, their deliveries and retries. The requests the service " +
          "sends them, with their headers and bodies, are described in the document's `webhooks` section.",
      },
      {
        name: "Events",
        description:
          "Every event recorded for the user during the retention period, with the exact envelope sent and " +
          "each delivery made of it; and the catalog of event types with a JSON Schema of each envelope.",
      },
    ],
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "An API key: sk_, sk_ro_, sk_r_ or pk_." },
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "ctxlog_session",
          description:
            "A dashboard session (POST /v1/auth/sign-in). Acts as a full key of its user; ignored when the " +
            "request carries Authorization. State-changing requests also need `X-CSRF-Token`.",
        },
      },
      headers: headerComponents,
    },
    paths,
    webhooks: webhookEvents(),
  });
}
