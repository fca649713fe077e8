import {
  deliveryState,
  type EventName,
  MAX_DELIVERY_ATTEMPTS,
  type WebhookDisabledReason,
  webhookHealth,
  webhookState,
} from "@ctxlog/core";
import type { DeliveryWithAttempts, WebhookDelivery, WebhookRow } from "@ctxlog/db";
import type { DeliveryDetailResource, DeliveryResource } from "./delivery-schemas";
import type { WebhookResource } from "./schemas";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The columns a webhook's public shape reads: never its secrets. */
export type WebhookRecordRow = Pick<
  WebhookRow,
  | "id"
  | "url"
  | "events"
  | "description"
  | "status"
  | "disabledAt"
  | "disabledReason"
  | "rateLimit"
  | "createdAt"
  | "updatedAt"
  | "previousSecretExpiresAt"
>;

/** The public shape of a webhook: never its secrets. */
export function webhookResource(row: WebhookRecordRow): WebhookResource {
  const overlap = row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date();
  return {
    webhook_id: row.id,
    url: row.url,
    events: row.events as EventName[],
    description: row.description,
    status: webhookState(row),
    health: webhookHealth(row),
    disabled: row.disabledAt !== null,
    disabled_at: iso(row.disabledAt),
    disabled_reason: row.disabledAt === null ? null : (row.disabledReason as WebhookDisabledReason),
    rate_limit: row.rateLimit,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    previous_secret_expires_at: overlap ? iso(row.previousSecretExpiresAt) : null,
  };
}

/**
 * `attempts` as shown: the attempts of the latest cycle that has had one, so it agrees with
 * response_status, error_message and last_attempt_at (which describe the last attempt made) and is
 * never 0 once an attempt was made. The stored count restarts at 0 when a manual retry opens a new
 * cycle; until that cycle's first attempt lands, the previous cycle's count is shown, and that is
 * always MAX_DELIVERY_ATTEMPTS: only a failed delivery of a live webhook can be retried, and such a
 * delivery failed by spending its cycle (the other way to fail, abandonment, is for deleted
 * webhooks). 0 only before a delivery's first attempt ever.
 */
function shownAttempts(row: DeliveryRow): number {
  return row.attempts === 0 && row.cycle > 1 ? MAX_DELIVERY_ATTEMPTS : row.attempts;
}

/**
 * What a delivery's resource reads: a list's rows carry these alone (the name is its event's, the
 * last attempt's time and status are read from its attempts).
 */
type DeliveryRow = { id: string; webhookId: string; event: string; createdAt: Date } & Pick<
  WebhookDelivery,
  "status" | "attempts" | "cycle" | "errorMessage" | "nextAttemptAt"
> & { responseStatus: number | null; lastAttemptAt: Date | null };

export function deliveryResource(row: DeliveryRow): DeliveryResource {
  return {
    delivery_id: row.id,
    webhook_id: row.webhookId,
    event: row.event as EventName,
    status: deliveryState(row),
    attempts: shownAttempts(row),
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
    event_id: row.eventId,
    payload: row.outbox.payload,
    attempt_log: row.attemptLog.map((a) => ({
      cycle: a.cycle,
      number: a.number,
      attempted_at: a.attemptedAt.toISOString(),
      duration_ms: a.durationMs,
      response_status: a.responseStatus,
      error: a.error,
      request:
        a.requestUrl === null
          ? null
          : {
              url: a.requestUrl,
              headers: a.requestHeaders ?? {},
            },
      response:
        a.responseStatus === null || a.responseHeaders === null
          ? null
          : {
              status: a.responseStatus,
              headers: a.responseHeaders,
              body: a.responseBody ?? "",
              body_truncated: a.responseBodyTruncated ?? false,
            },
    })),
  };
}
