/** Types generated for queries found in "packages/db/src/webhooks/list-deliveries.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DeliveryStatus = 'failed' | 'pending' | 'succeeded';

export type NumberOrString = number | string;

/** 'DeliveriesOfWebhook' parameters type */
export interface IDeliveriesOfWebhookParams {
  afterEventId?: string | null | void;
  limit: NumberOrString;
  state?: string | null | void;
  webhookId: string;
}

/** 'DeliveriesOfWebhook' return type */
export interface IDeliveriesOfWebhookResult {
  attempts: number;
  cycle: number;
  errorMessage: string | null;
  event: string;
  eventId: string;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  responseStatus: number | null;
  status: DeliveryStatus;
  webhookId: string;
}

/** 'DeliveriesOfWebhook' query type */
export interface IDeliveriesOfWebhookQuery {
  params: IDeliveriesOfWebhookParams;
  result: IDeliveriesOfWebhookResult;
}

const deliveriesOfWebhookIR: any = {"usedParamSet":{"webhookId":true,"state":true,"afterEventId":true,"limit":true},"params":[{"name":"webhookId","required":true,"transform":{"type":"scalar"},"locs":[{"a":1000,"b":1010}]},{"name":"state","required":false,"transform":{"type":"scalar"},"locs":[{"a":1025,"b":1030},{"a":1059,"b":1064}]},{"name":"afterEventId","required":false,"transform":{"type":"scalar"},"locs":[{"a":1079,"b":1091},{"a":1123,"b":1135}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":1179,"b":1185}]}],"statement":"-- each with its event's name (the event's row, by its key: the webhook's user and the event id) and\n-- its last attempt's time and status (from its attempts, read for the page's rows alone). The\n-- webhook's ref as a value (a subquery, not a join), so each partition's key is read in order\nSELECT p.\"webhookId\", p.\"eventId\", p.event, p.status, p.attempts, p.cycle,\n       l.response_status AS \"responseStatus\", p.\"errorMessage\", l.attempted_at AS \"lastAttemptAt\",\n       p.\"nextAttemptAt\"\n  FROM (\n    SELECT w.id AS \"webhookId\", d.webhook_ref, d.event_id AS \"eventId\", e.event, d.status, d.attempts,\n           d.cycle, d.error_message AS \"errorMessage\", d.next_attempt_at AS \"nextAttemptAt\"\n      FROM webhook_deliveries AS d\n      JOIN webhooks AS w ON w.ref = d.webhook_ref\n      JOIN outbox_events AS e ON e.user_id = w.user_id AND e.id = d.event_id\n     CROSS JOIN LATERAL ctxlog_delivery_state(d.status, d.attempts) AS s(state)\n     WHERE d.webhook_ref = (SELECT ref FROM webhooks WHERE id = :webhookId!)\n       AND (:state::text IS NULL OR s.state = :state)\n       AND (:afterEventId::text IS NULL OR d.event_id < :afterEventId)\n     ORDER BY d.event_id DESC\n     LIMIT :limit!\n  ) AS p\n  LEFT JOIN LATERAL ctxlog_last_attempt(p.\"eventId\", p.webhook_ref) AS l ON true\n ORDER BY p.\"eventId\" DESC"};

/**
 * Query generated from SQL:
 * ```
 * -- each with its event's name (the event's row, by its key: the webhook's user and the event id) and
 * -- its last attempt's time and status (from its attempts, read for the page's rows alone). The
 * -- webhook's ref as a value (a subquery, not a join), so each partition's key is read in order
 * SELECT p."webhookId", p."eventId", p.event, p.status, p.attempts, p.cycle,
 *        l.response_status AS "responseStatus", p."errorMessage", l.attempted_at AS "lastAttemptAt",
 *        p."nextAttemptAt"
 *   FROM (
 *     SELECT w.id AS "webhookId", d.webhook_ref, d.event_id AS "eventId", e.event, d.status, d.attempts,
 *            d.cycle, d.error_message AS "errorMessage", d.next_attempt_at AS "nextAttemptAt"
 *       FROM webhook_deliveries AS d
 *       JOIN webhooks AS w ON w.ref = d.webhook_ref
 *       JOIN outbox_events AS e ON e.user_id = w.user_id AND e.id = d.event_id
 *      CROSS JOIN LATERAL ctxlog_delivery_state(d.status, d.attempts) AS s(state)
 *      WHERE d.webhook_ref = (SELECT ref FROM webhooks WHERE id = :webhookId!)
 *        AND (:state::text IS NULL OR s.state = :state)
 *        AND (:afterEventId::text IS NULL OR d.event_id < :afterEventId)
 *      ORDER BY d.event_id DESC
 *      LIMIT :limit!
 *   ) AS p
 *   LEFT JOIN LATERAL ctxlog_last_attempt(p."eventId", p.webhook_ref) AS l ON true
 *  ORDER BY p."eventId" DESC
 * ```
 */
export const deliveriesOfWebhook = new PreparedQuery<IDeliveriesOfWebhookParams,IDeliveriesOfWebhookResult>(deliveriesOfWebhookIR);


