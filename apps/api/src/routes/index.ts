import { accountRoutes } from "./accounts/routes";
import { agentRoutes } from "./agents/routes";
import { authRoutes } from "./auth/routes";
import { createContext } from "./contexts/create-context";
import { createContextsBatch } from "./contexts/create-contexts-batch";
import { eraseContextRoute } from "./contexts/erase-routes";
import { getContext } from "./contexts/get-context";
import { getContextProof } from "./contexts/get-context-proof";
import { listContexts } from "./contexts/list-contexts";
import { proofBundleSchema } from "./contexts/proof-schema";
import { retryContext } from "./contexts/retry-context";
import {
  contextBatchSchema,
  contextIdParamsSchema,
  contextSchema,
  createContextBodySchema,
  createContextHeadersSchema,
  createContextsBatchBodySchema,
  createdContextSchema,
  listContextsQuerySchema,
  MAX_BATCH_BODY_BYTES,
} from "./contexts/schemas";
import { eventRoutes } from "./events/routes";
import { keyRoutes } from "./keys/routes";
import { otelRoutes } from "./otel/routes";
import { getAnchoringStatus } from "./overview/anchoring-status";
import {
  anchoringCostsQuerySchema,
  anchoringCostsSchema,
  getAnchoringCosts,
} from "./overview/get-anchoring-costs";
import { getOverview } from "./overview/get-overview";
import {
  getOverviewSeries,
  overviewSeriesQuerySchema,
  overviewSeriesSchema,
} from "./overview/get-overview-series";
import { anchoringStatusSchema, overviewSchema } from "./overview/schemas";
import { defineRoute, type RouteSpec } from "./route-spec";
import { searchRoutes } from "./search/search";
import { listResponseSchema } from "./shared-schemas";
import { signerRoutes } from "./signers";
import { authStatusSchema, getStatus } from "./status";
import { tlogRoutes } from "./tlog/routes";
import { verificationRoutes } from "./verifications/routes";
import { webhookRoutes } from "./webhooks/routes";

export const v1Routes: RouteSpec[] = [
  defineRoute({
    method: "get",
    path: "/status",
    operationId: "getStatus",
    summary: "Authentication status of the presented key, with its rate limit",
    tag: "Keys",
    permission: "any",
    success: { status: 200, description: "The key is valid", schema: authStatusSchema },
    errors: [],
    handler: getStatus,
  }),
  defineRoute({
    method: "post",
    path: "/contexts",
    operationId: "createContext",
    summary: "Submit a context to be hashed, signed and anchored",
    tag: "Contexts",
    permission: "contexts:create",
    body: createContextBodySchema,
    bodyPassesThrough: true,
    headers: createContextHeadersSchema,
    success: {
      status: 202,
      description: "Accepted: the context is pending; keep its receipt",
      schema: createdContextSchema,
      headers: [
        {
          name: "Location",
          required: false,
          description: "The new context, `/v1/contexts/{context_id}`; not sent on an idempotent replay.",
        },
        {
          name: "Idempotent-Replayed",
          required: false,
          description: "`true` when this is the stored first response to the same Idempotency-Key and body.",
        },
      ],
    },
    errors: [400, 403, 409, 413, 415],
    handler: createContext,
  }),
  defineRoute({
    method: "post",
    path: "/contexts/batch",
    operationId: "createContextsBatch",
    summary: "Submit 1–500 contexts at once, all or nothing",
    tag: "Contexts",
    permission: "contexts:create",
    body: createContextsBatchBodySchema,
    bodyPassesThrough: true,
    bodyItems: "contexts",
    maxBodyBytes: MAX_BATCH_BODY_BYTES,
    headers: createContextHeadersSchema,
    success: {
      status: 202,
      description:
        "Accepted: every context is pending, in the order sent. The batch cost one rate-limit unit per " +
        "context; one larger than the units left is a 429 that writes nothing. A bad item is a 400 " +
        "VALIDATION_ERROR listing every bad item found in `error.details` (`index`, `code`, `message`).",
      schema: contextBatchSchema,
      headers: [
        {
          name: "Idempotent-Replayed",
          required: false,
          description: "`true` when this is the stored first response to the same Idempotency-Key and body.",
        },
      ],
    },
    errors: [400, 403, 409, 413, 415],
    handler: createContextsBatch,
  }),
  defineRoute({
    method: "get",
    path: "/contexts",
    operationId: "listContexts",
    summary: "List contexts, newest first",
    tag: "Contexts",
    permission: "contexts:read",
    scope: "contexts",
    query: listContextsQuerySchema,
    success: {
      status: 200,
      description: "A page of contexts",
      schema: listResponseSchema(contextSchema, "ContextList"),
    },
    errors: [400, 403],
    handler: listContexts,
  }),
  defineRoute({
    method: "get",
    path: "/contexts/:id",
    operationId: "getContext",
    summary: "Read one context",
    tag: "Contexts",
    permission: "contexts:read",
    scope: "contexts",
    params: contextIdParamsSchema,
    success: { status: 200, description: "The context", schema: contextSchema },
    errors: [403, 404],
    handler: getContext,
  }),
  defineRoute({
    method: "get",
    path: "/contexts/:id/proof",
    operationId: "getContextProof",
    summary: "Everything needed to verify a confirmed context without this service",
    tag: "Contexts",
    permission: "contexts:read",
    scope: "contexts",
    params: contextIdParamsSchema,
    success: { status: 200, description: "The proof bundle", schema: proofBundleSchema },
    errors: [403, 404, 409],
    handler: getContextProof,
  }),
  defineRoute({
    method: "post",
    path: "/contexts/:id/retry",
    operationId: "retryContext",
    summary: "Anchor a failed context again (when its failure allows a retry)",
    tag: "Contexts",
    permission: "contexts:create",
    scope: "contexts",
    params: contextIdParamsSchema,
    success: { status: 202, description: "Accepted: the context is pending again", schema: contextSchema },
    errors: [403, 404, 409],
    handler: retryContext,
  }),
  eraseContextRoute,
  ...otelRoutes,
  ...agentRoutes,
  ...webhookRoutes,
  ...eventRoutes,
  ...searchRoutes,
  ...verificationRoutes,
  ...signerRoutes,
  ...tlogRoutes,
  ...authRoutes,
  ...accountRoutes,
  ...keyRoutes,
  defineRoute({
    method: "get",
    path: "/overview",
    operationId: "getOverview",
    summary: "The dashboard's overview: contexts, confirmation time, chain state, webhooks",
    tag: "Dashboard",
    permission: "account:read",
    success: { status: 200, description: "The overview", schema: overviewSchema },
    errors: [403],
    handler: getOverview,
  }),
  defineRoute({
    method: "get",
    path: "/overview/series",
    operationId: "getOverviewSeries",
    summary: "The overview's chart over a window: contexts received and confirmed, confirmation time p50/p95",
    tag: "Dashboard",
    permission: "account:read",
    query: overviewSeriesQuerySchema,
    success: { status: 200, description: "The series", schema: overviewSeriesSchema },
    errors: [400, 403],
    handler: getOverviewSeries,
  }),
  defineRoute({
    method: "get",
    path: "/anchoring/status",
    operationId: "getAnchoringStatus",
    summary:
      "Whether anchoring keeps up: its state, the lag and the last confirmed batch (the overview's `anchoring`)",
    tag: "Dashboard",
    permission: "account:read",
    success: { status: 200, description: "Anchoring's state", schema: anchoringStatusSchema },
    errors: [403],
    handler: getAnchoringStatus,
  }),
  defineRoute({
    method: "get",
    path: "/anchoring/costs",
    operationId: "getAnchoringCosts",
    summary: "What anchoring your contexts cost: gas and fees per day, per batch and per context",
    tag: "Dashboard",
    permission: "account:read",
    query: anchoringCostsQuerySchema,
    success: { status: 200, description: "The costs", schema: anchoringCostsSchema },
    errors: [400, 403],
    handler: getAnchoringCosts,
  }),
];
