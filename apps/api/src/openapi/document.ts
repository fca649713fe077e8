import {
  createDocument,
  type oas31,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
} from "zod-openapi";
import type { RouteSpec } from "../routes/route-spec";
import { errorResponses } from "../routes/shared-schemas";

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, "{$1}");

/** The OpenAPI 3.1 document, generated from the route table and its zod schemas. */
export function buildOpenApiDocument(
  routes: RouteSpec[],
  opts: { serverUrl?: string } = {},
): oas31.OpenAPIObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    const operation: ZodOpenApiOperationObject = {
      operationId: route.operationId,
      summary: route.summary,
      tags: [route.tag],
      ...(route.permission
        ? { description: `Requires a key with the \`${route.permission}\` permission.` }
        : {}),
      requestParams: {
        ...(route.params ? { path: route.params } : {}),
        ...(route.query ? { query: route.query as never } : {}),
        ...(route.headers ? { header: route.headers } : {}),
      },
      ...(route.body
        ? { requestBody: { required: true, content: { "application/json": { schema: route.body } } } }
        : {}),
      responses: {
        [String(route.success.status)]: {
          description: route.success.description,
          content: { "application/json": { schema: route.success.schema } },
        },
        ...errorResponses(...route.errors),
      },
    };
    const key = `/${toOpenApiPath(route.path).replace(/^\//, "")}`;
    paths[key] = { ...(paths[key] ?? {}), [route.method]: operation };
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "ctxlog API",
      version: "1.0.0",
      description:
        "Context logging: every context is hashed, signed, anchored on an EVM chain and verifiable by anyone.",
      license: { name: "UNLICENSED", identifier: "UNLICENSED" },
    },
    servers: [{ url: opts.serverUrl ?? "http://localhost:3000/v1", description: "This deployment" }],
    security: [{ bearerAuth: [] }],
    tags: [
      { name: "Keys", description: "The presented API key" },
      { name: "Contexts", description: "Submit and read contexts, their proofs, and retry failed ones" },
      {
        name: "Verifications",
        description:
          "Check a context against the chain: hash, signature, Merkle proof, Anchored log, block and " +
          "confirmations, each reported as a named check; and the service's signers with their periods.",
      },
      {
        name: "Webhooks",
        description:
          "Endpoints that receive signed events, their deliveries and retries. Each request carries " +
          "X-Service-Signature (hex HMAC-SHA256 of the raw body keyed with the secret string), " +
          "X-Service-Event, X-Service-Delivery, X-Service-Timestamp and the Standard Webhooks headers " +
          "webhook-id, webhook-timestamp and webhook-signature (keyed with the base64-decoded bytes after " +
          "`whsec_`). Any 2xx acknowledges; other answers, redirects, and no complete response within 10 s " +
          "fail the attempt; at most 5 attempts, 0 s, 5 s, 15 s, 45 s and 2 min apart.",
      },
    ],
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "An API key: sk_, sk_ro_, sk_r_ or pk_." },
      },
    },
    paths,
  });
}
