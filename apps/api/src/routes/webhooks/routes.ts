import { defineRoute, type RouteSpec } from "../route-spec";
import { listResponseSchema } from "../shared-schemas";
import { createWebhook } from "./create-webhook";
import { deleteWebhook } from "./delete-webhook";
import {
  deliveryDetailSchema,
  deliveryParamsSchema,
  deliverySchema,
  listDeliveriesQuerySchema,
  recoverBodySchema,
  recoveringSchema,
} from "./delivery-schemas";
import { getDelivery } from "./get-delivery";
import { getWebhook } from "./get-webhook";
import { getWebhookStats } from "./get-webhook-stats";
import { listDeliveries } from "./list-deliveries";
import { listWebhooks } from "./list-webhooks";
import { recoverDeliveries } from "./recover-deliveries";
import { retryDelivery } from "./retry-delivery";
import { rotateWebhookSecret } from "./rotate-webhook-secret";
import {
  createdWebhookSchema,
  createWebhookBodySchema,
  deletedWebhookSchema,
  listWebhooksQuerySchema,
  rotatedSecretSchema,
  sendTestEventBodySchema,
  updateWebhookBodySchema,
  webhookIdParamsSchema,
  webhookSchema,
  webhookStatsQuerySchema,
  webhookStatsSchema,
} from "./schemas";
import { sendTestEvent } from "./send-test-event";
import { updateWebhook } from "./update-webhook";

const common = { tag: "Webhooks", permission: "webhooks:manage" } as const;

/** The webhook endpoints (manage-webhooks permission: full keys only). */
export const webhookRoutes: RouteSpec[] = [
  defineRoute({
    ...common,
    method: "post",
    path: "/webhooks",
    operationId: "createWebhook",
    summary: "Register a webhook endpoint; the response carries its signing secret, once",
    body: createWebhookBodySchema,
    success: {
      status: 201,
      description: "Created",
      schema: createdWebhookSchema,
      headers: [
        { name: "Location", required: true, description: "The new webhook, `/v1/webhooks/{webhook_id}`." },
      ],
    },
    errors: [400, 403, 409, 413, 415],
    handler: createWebhook,
  }),
  defineRoute({
    ...common,
    method: "get",
    path: "/webhooks",
    operationId: "listWebhooks",
    summary: "List webhook endpoints, newest first (without secrets)",
    query: listWebhooksQuerySchema,
    success: {
      status: 200,
      description: "A page of webhooks",
      schema: listResponseSchema(webhookSchema, "WebhookList"),
    },
    errors: [400, 403],
    handler: listWebhooks,
  }),
  defineRoute({
    ...common,
    method: "get",
    path: "/webhooks/:id",
    operationId: "getWebhook",
    summary: "Read one webhook endpoint",
    params: webhookIdParamsSchema,
    success: { status: 200, description: "The webhook", schema: webhookSchema },
    errors: [403, 404],
    handler: getWebhook,
  }),
  defineRoute({
    ...common,
    method: "get",
    path: "/webhooks/:id/stats",
    operationId: "getWebhookStats",
    summary: "Attempts and their success rate over time for one endpoint",
    params: webhookIdParamsSchema,
    query: webhookStatsQuerySchema,
    success: {
      status: 200,
      description: "The endpoint's attempts per time bucket",
      schema: webhookStatsSchema,
    },
    errors: [400, 403, 404],
    handler: getWebhookStats,
  }),
  defineRoute({
    ...common,
    method: "put",
    path: "/webhooks/:id",
    operationId: "updateWebhook",
    summary:
      "Change the url, events, description or rate_limit of a webhook, or enable/disable it; only the fields sent change",
    params: webhookIdParamsSchema,
    body: updateWebhookBodySchema,
    success: { status: 200, description: "The updated webhook", schema: webhookSchema },
    errors: [400, 403, 404, 413, 415],
    handler: updateWebhook,
  }),
  defineRoute({
    ...common,
    method: "delete",
    path: "/webhooks/:id",
    operationId: "deleteWebhook",
    summary: "Delete a webhook; nothing more is delivered to it",
    params: webhookIdParamsSchema,
    success: { status: 200, description: "Deleted", schema: deletedWebhookSchema },
    errors: [403, 404],
    handler: deleteWebhook,
  }),
  defineRoute({
    ...common,
    method: "post",
    path: "/webhooks/:id/rotate-secret",
    operationId: "rotateWebhookSecret",
    summary: "Replace the signing secret; the previous one also signs for 24 hours",
    params: webhookIdParamsSchema,
    success: { status: 200, description: "The new secret", schema: rotatedSecretSchema },
    errors: [403, 404],
    handler: rotateWebhookSecret,
  }),
  defineRoute({
    ...common,
    method: "post",
    path: "/webhooks/:id/test",
    operationId: "sendTestEvent",
    summary: 'Send a sample event, marked "test": true, to this webhook',
    params: webhookIdParamsSchema,
    body: sendTestEventBodySchema,
    bodyRequired: false,
    success: { status: 202, description: "The test delivery, queued", schema: deliverySchema },
    errors: [400, 403, 404, 415],
    handler: sendTestEvent,
  }),
  defineRoute({
    ...common,
    method: "get",
    path: "/webhooks/:id/deliveries",
    operationId: "listWebhookDeliveries",
    summary: "List the deliveries of a webhook, newest first",
    params: webhookIdParamsSchema,
    query: listDeliveriesQuerySchema,
    success: {
      status: 200,
      description: "A page of deliveries",
      schema: listResponseSchema(deliverySchema, "WebhookDeliveryList"),
    },
    errors: [400, 403, 404],
    handler: listDeliveries,
  }),
  defineRoute({
    ...common,
    method: "get",
    path: "/webhooks/:id/deliveries/:delivery_id",
    operationId: "getWebhookDelivery",
    summary: "Read one delivery with every attempt",
    params: deliveryParamsSchema,
    success: { status: 200, description: "The delivery", schema: deliveryDetailSchema },
    errors: [403, 404],
    handler: getDelivery,
  }),
  defineRoute({
    ...common,
    method: "post",
    path: "/webhooks/:id/deliveries/:delivery_id/retry",
    operationId: "retryWebhookDelivery",
    summary:
      "Retry a delivery: a failed one starts a new five-attempt cycle (same body, same delivery id); a retrying one is tried now",
    params: deliveryParamsSchema,
    success: {
      status: 202,
      description: "The delivery: pending again (a new cycle), or retrying and due now",
      schema: deliverySchema,
    },
    errors: [403, 404, 409],
    handler: retryDelivery,
  }),
  defineRoute({
    ...common,
    method: "post",
    path: "/webhooks/:id/recover",
    operationId: "recoverWebhook",
    summary:
      "Start a new five-attempt cycle for every delivery of this webhook that ended failed in a window (paced)",
    params: webhookIdParamsSchema,
    body: recoverBodySchema,
    success: { status: 202, description: "The deliveries, pending again", schema: recoveringSchema },
    errors: [400, 403, 404, 409, 413, 415],
    handler: recoverDeliveries,
  }),
];
