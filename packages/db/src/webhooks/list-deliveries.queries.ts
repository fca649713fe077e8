/** Types generated for queries found in "packages/db/src/webhooks/list-deliveries.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DeliveryStatus = 'failed' | 'pending' | 'succeeded';

export type NumberOrString = number | string;

/** 'DeliveriesOfWebhook' parameters type */
export interface IDeliveriesOfWebhookParams {
  after?: string | null | void;
  limit: NumberOrString;
  state?: string | null | void;
  webhookId: string;
}

/** 'DeliveriesOfWebhook' return type */
export interface IDeliveriesOfWebhookResult {
  attempts: number;
  createdAt: Date;
  cycle: number;
  errorMessage: string | null;
  event: string;
  eventId: string;
  id: string;
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

const deliveriesOfWebhookIR: any = {"usedParamSet":{"webhookId":true,"state":true,"after":true,"limit":true},"params":[{"name":"webhookId","required":true,"transform":{"type":"scalar"},"locs":[{"a":428,"b":438}]},{"name":"state","required":false,"transform":{"type":"scalar"},"locs":[{"a":448,"b":453},{"a":482,"b":487}]},{"name":"after","required":false,"transform":{"type":"scalar"},"locs":[{"a":498,"b":503},{"a":529,"b":534}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":564,"b":570}]}],"statement":"SELECT d.id, d.webhook_id AS \"webhookId\", d.event_id AS \"eventId\", d.event, d.status, d.attempts, d.cycle,\n       d.response_status AS \"responseStatus\", d.error_message AS \"errorMessage\", d.created_at AS \"createdAt\",\n       d.last_attempt_at AS \"lastAttemptAt\", d.next_attempt_at AS \"nextAttemptAt\"\n  FROM webhook_deliveries AS d\n CROSS JOIN LATERAL ctxlog_delivery_state(d.status, d.attempts) AS s(state)\n WHERE d.webhook_id = :webhookId!\n   AND (:state::text IS NULL OR s.state = :state)\n   AND (:after::text IS NULL OR d.id < :after)\n ORDER BY d.id DESC\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT d.id, d.webhook_id AS "webhookId", d.event_id AS "eventId", d.event, d.status, d.attempts, d.cycle,
 *        d.response_status AS "responseStatus", d.error_message AS "errorMessage", d.created_at AS "createdAt",
 *        d.last_attempt_at AS "lastAttemptAt", d.next_attempt_at AS "nextAttemptAt"
 *   FROM webhook_deliveries AS d
 *  CROSS JOIN LATERAL ctxlog_delivery_state(d.status, d.attempts) AS s(state)
 *  WHERE d.webhook_id = :webhookId!
 *    AND (:state::text IS NULL OR s.state = :state)
 *    AND (:after::text IS NULL OR d.id < :after)
 *  ORDER BY d.id DESC
 *  LIMIT :limit!
 * ```
 */
export const deliveriesOfWebhook = new PreparedQuery<IDeliveriesOfWebhookParams,IDeliveriesOfWebhookResult>(deliveriesOfWebhookIR);


