import { defineRoute, type RouteSpec } from "../route-spec";
import { listResponseSchema } from "../shared-schemas";
import { createKey } from "./create-key";
import { listKeys } from "./list-keys";
import { revokeKey } from "./revoke-key";
import { rollKey } from "./roll-key";
import {
  createdKeySchema,
  createKeyBodySchema,
  keyIdParamsSchema,
  keySchema,
  listKeysQuerySchema,
  rolledKeySchema,
  rollKeyBodySchema,
} from "./schemas";

const common = { tag: "Keys", auth: "session", permission: "any" } as const;

/** Key management: dashboard sessions only, never an API key (of any type). */
export const keyRoutes: RouteSpec[] = [
  defineRoute({
    ...common,
    method: "get",
    path: "/keys",
    operationId: "listKeys",
    summary: "List this user's API keys, newest first (never the keys themselves)",
    query: listKeysQuerySchema,
    success: {
      status: 200,
      description: "A page of keys",
      schema: listResponseSchema(keySchema, "ApiKeyList"),
    },
    errors: [],
    handler: listKeys,
  }),
  defineRoute({
    ...common,
    method: "post",
    path: "/keys",
    operationId: "createKey",
    summary: "Create an API key; the response shows it, once",
    body: createKeyBodySchema,
    success: { status: 201, description: "Created", schema: createdKeySchema },
    errors: [],
    handler: createKey,
  }),
  defineRoute({
    ...common,
    method: "post",
    path: "/keys/:key_id/revoke",
    operationId: "revokeKey",
    summary: "Revoke an API key: it is refused from now on",
    params: keyIdParamsSchema,
    success: { status: 200, description: "The revoked key", schema: keySchema },
    errors: [],
    handler: revokeKey,
  }),
  defineRoute({
    ...common,
    method: "post",
    path: "/keys/:key_id/roll",
    operationId: "rollKey",
    summary: "Replace an API key with a new one; the old one works overlap_hours more",
    params: keyIdParamsSchema,
    body: rollKeyBodySchema,
    bodyRequired: false,
    success: {
      status: 201,
      description: "The new key, shown once, and the one it replaces",
      schema: rolledKeySchema,
    },
    errors: [409],
    handler: rollKey,
  }),
];
