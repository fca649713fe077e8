/** Types generated for queries found in "packages/db/src/webhooks/get-delivery.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DeliveryStatus = 'failed' | 'pending' | 'succeeded';

/** 'DeliveryOfWebhook' parameters type */
export interface IDeliveryOfWebhookParams {
  eventId: string;
  webhookId: string;
}

/** 'DeliveryOfWebhook' return type */
export interface IDeliveryOfWebhookResult {
  attempts: number;
  cycle: number;
  errorMessage: string | null;
  event: string;
  eventContextId: string | null;
  eventCreatedAt: Date;
  eventId: string;
  /** The event as stored (packages/core/src/event-references.ts): ~C<tx>,<estimate ms> for a context.created of a context, ~A for a context.confirmed of a context, else the envelope sent */
  eventPayload: string;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  responseStatus: number | null;
  status: DeliveryStatus;
  webhookId: string;
}

/** 'DeliveryOfWebhook' query type */
export interface IDeliveryOfWebhookQuery {
  params: IDeliveryOfWebhookParams;
  result: IDeliveryOfWebhookResult;
}

const deliveryOfWebhookIR: any = {"usedParamSet":{"webhookId":true,"eventId":true},"params":[{"name":"webhookId","required":true,"transform":{"type":"scalar"},"locs":[{"a":986,"b":996}]},{"name":"eventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":1016,"b":1024}]}],"statement":"-- a delivery by its key (the API's paths name the webhook and, in the delivery's id, the event), with\n-- its event's name and stored payload (the event's row, by its key: the webhook's user and the\n-- delivery's event id), and its last attempt's time and status (from its attempts)\nSELECT w.id AS \"webhookId!\", d.event_id AS \"eventId!\", e.event AS \"event!\",\n       d.status AS \"status!\", d.attempts AS \"attempts!\", d.cycle AS \"cycle!\", l.response_status AS \"responseStatus\",\n       d.error_message AS \"errorMessage\", l.attempted_at AS \"lastAttemptAt\", d.next_attempt_at AS \"nextAttemptAt\",\n       e.payload AS \"eventPayload!\", e.context_id AS \"eventContextId\", e.created_at AS \"eventCreatedAt!\"\n  FROM webhook_deliveries AS d\n  JOIN webhooks AS w ON w.ref = d.webhook_ref\n  JOIN outbox_events AS e ON e.user_id = w.user_id AND e.id = d.event_id\n  LEFT JOIN LATERAL ctxlog_last_attempt(d.event_id, d.webhook_ref) AS l ON true\n WHERE d.webhook_ref = (SELECT ref FROM webhooks WHERE id = :webhookId!) AND d.event_id = :eventId!"};

/**
 * Query generated from SQL:
 * ```
 * -- a delivery by its key (the API's paths name the webhook and, in the delivery's id, the event), with
 * -- its event's name and stored payload (the event's row, by its key: the webhook's user and the
 * -- delivery's event id), and its last attempt's time and status (from its attempts)
 * SELECT w.id AS "webhookId!", d.event_id AS "eventId!", e.event AS "event!",
 *        d.status AS "status!", d.attempts AS "attempts!", d.cycle AS "cycle!", l.response_status AS "responseStatus",
 *        d.error_message AS "errorMessage", l.attempted_at AS "lastAttemptAt", d.next_attempt_at AS "nextAttemptAt",
 *        e.payload AS "eventPayload!", e.context_id AS "eventContextId", e.created_at AS "eventCreatedAt!"
 *   FROM webhook_deliveries AS d
 *   JOIN webhooks AS w ON w.ref = d.webhook_ref
 *   JOIN outbox_events AS e ON e.user_id = w.user_id AND e.id = d.event_id
 *   LEFT JOIN LATERAL ctxlog_last_attempt(d.event_id, d.webhook_ref) AS l ON true
 *  WHERE d.webhook_ref = (SELECT ref FROM webhooks WHERE id = :webhookId!) AND d.event_id = :eventId!
 * ```
 */
export const deliveryOfWebhook = new PreparedQuery<IDeliveryOfWebhookParams,IDeliveryOfWebhookResult>(deliveryOfWebhookIR);


