import type { EventName } from "@ctxlog/core";
import type { DeliveryWithAttempts, Webhook, WebhookDelivery } from "@ctxlog/db";
import type { DeliveryDetailResource, DeliveryResource, WebhookResource } from "./schemas";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The public shape of a webhook: never its secrets. */
export function webhookResource(row: Webhook): WebhookResource {
  const overlap = row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date();
  return {
    webhook_id: row.id,
    url: row.url,
    events: row.events as EventName[],
    description: row.description,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    previous_secret_expires_at: overlap ? iso(row.previousSecretExpiresAt) : null,
  };
}

export function deliveryResource(row: WebhookDelivery): DeliveryResource {
  return {
    delivery_id: row.id,
    webhook_id: row.webhookId,
    event: row.event as EventName,
    status: row.status,
    attempts: row.attempts,
    response_status: row.responseStatus,
    error_message: row.errorMessage,
    created_at: row.createdAt.toISOString(),
    last_attempt_at: iso(row.lastAttemptAt),
    next_attempt_at: iso(row.nextAttemptAt),
  };
}

export function deliveryDetailResource(row: DeliveryWithAttempts): DeliveryDetailResource {
  return {
    ...deliveryResource(row),
    cycle: row.cycle,
    attempt_log: row.attemptLog.map((a) => ({
      cycle: a.cycle,
      number: a.number,
      attempted_at: a.attemptedAt.toISOString(),
      duration_ms: a.durationMs,
      response_status: a.responseStatus,
      error: a.error,
    })),
  };
}
