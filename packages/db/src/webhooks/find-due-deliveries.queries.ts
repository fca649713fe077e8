/** Types generated for queries found in "packages/db/src/webhooks/find-due-deliveries.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DeliveryStatus = 'failed' | 'pending' | 'succeeded';

export type DateOrString = Date | string;

export type DeliveryStatusArray = (DeliveryStatus)[];

export type NumberOrString = number | string;

/** 'DueDeliveries' parameters type */
export interface IDueDeliveriesParams {
  afterAt?: DateOrString | null | void;
  afterEventId?: string | null | void;
  afterWebhookId?: string | null | void;
  due: DeliveryStatusArray;
  limit: NumberOrString;
}

/** 'DueDeliveries' return type */
export interface IDueDeliveriesResult {
  eventId: string;
  nextAttemptAt: Date;
  webhookId: string;
}

/** 'DueDeliveries' query type */
export interface IDueDeliveriesQuery {
  params: IDueDeliveriesParams;
  result: IDueDeliveriesResult;
}

const dueDeliveriesIR: any = {"usedParamSet":{"due":true,"afterAt":true,"afterEventId":true,"afterWebhookId":true,"limit":true},"params":[{"name":"due","required":true,"transform":{"type":"scalar"},"locs":[{"a":317,"b":321}]},{"name":"afterAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":381,"b":388},{"a":465,"b":472}]},{"name":"afterEventId","required":false,"transform":{"type":"scalar"},"locs":[{"a":488,"b":500}]},{"name":"afterWebhookId","required":false,"transform":{"type":"scalar"},"locs":[{"a":509,"b":523}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":588,"b":594}]}],"statement":"-- pending deliveries due now, by (next_attempt_at, event_id, webhook_id) after the previous page's last\n-- (the partial index of pending deliveries, migration 20261130233000)\nSELECT event_id AS \"eventId!\", webhook_id AS \"webhookId!\", next_attempt_at AS \"nextAttemptAt!\"\n  FROM webhook_deliveries\n WHERE status = ANY(:due!::\"DeliveryStatus\"[]) AND next_attempt_at <= now()\n   AND (:afterAt::timestamptz IS NULL\n        OR (next_attempt_at, event_id, webhook_id) > (:afterAt::timestamptz, :afterEventId::text, :afterWebhookId::text))\n ORDER BY next_attempt_at, event_id, webhook_id\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * -- pending deliveries due now, by (next_attempt_at, event_id, webhook_id) after the previous page's last
 * -- (the partial index of pending deliveries, migration 20261130233000)
 * SELECT event_id AS "eventId!", webhook_id AS "webhookId!", next_attempt_at AS "nextAttemptAt!"
 *   FROM webhook_deliveries
 *  WHERE status = ANY(:due!::"DeliveryStatus"[]) AND next_attempt_at <= now()
 *    AND (:afterAt::timestamptz IS NULL
 *         OR (next_attempt_at, event_id, webhook_id) > (:afterAt::timestamptz, :afterEventId::text, :afterWebhookId::text))
 *  ORDER BY next_attempt_at, event_id, webhook_id
 *  LIMIT :limit!
 * ```
 */
export const dueDeliveries = new PreparedQuery<IDueDeliveriesParams,IDueDeliveriesResult>(dueDeliveriesIR);


