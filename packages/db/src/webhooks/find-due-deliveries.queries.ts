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
  afterWebhookRef?: number | null | void;
  due: DeliveryStatusArray;
  limit: NumberOrString;
}

/** 'DueDeliveries' return type */
export interface IDueDeliveriesResult {
  eventId: string;
  nextAttemptAt: Date;
  webhookId: string;
  webhookRef: number;
}

/** 'DueDeliveries' query type */
export interface IDueDeliveriesQuery {
  params: IDueDeliveriesParams;
  result: IDueDeliveriesResult;
}

const dueDeliveriesIR: any = {"usedParamSet":{"due":true,"afterAt":true,"afterEventId":true,"afterWebhookRef":true,"limit":true},"params":[{"name":"due","required":true,"transform":{"type":"scalar"},"locs":[{"a":473,"b":477}]},{"name":"afterAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":539,"b":546},{"a":630,"b":637}]},{"name":"afterEventId","required":false,"transform":{"type":"scalar"},"locs":[{"a":653,"b":665}]},{"name":"afterWebhookRef","required":false,"transform":{"type":"scalar"},"locs":[{"a":674,"b":689}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":760,"b":766}]}],"statement":"-- pending deliveries due now, by (next_attempt_at, event_id, webhook_ref) after the previous page's\n-- last (the partial index of pending deliveries, migration 20261201020000); each with its webhook's\n-- id, and its ref, the page's position\nSELECT d.event_id AS \"eventId!\", w.id AS \"webhookId!\", d.webhook_ref AS \"webhookRef!\",\n       d.next_attempt_at AS \"nextAttemptAt!\"\n  FROM webhook_deliveries AS d\n  JOIN webhooks AS w ON w.ref = d.webhook_ref\n WHERE d.status = ANY(:due!::\"DeliveryStatus\"[]) AND d.next_attempt_at <= now()\n   AND (:afterAt::timestamptz IS NULL\n        OR (d.next_attempt_at, d.event_id, d.webhook_ref) > (:afterAt::timestamptz, :afterEventId::text, :afterWebhookRef::int))\n ORDER BY d.next_attempt_at, d.event_id, d.webhook_ref\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * -- pending deliveries due now, by (next_attempt_at, event_id, webhook_ref) after the previous page's
 * -- last (the partial index of pending deliveries, migration 20261201020000); each with its webhook's
 * -- id, and its ref, the page's position
 * SELECT d.event_id AS "eventId!", w.id AS "webhookId!", d.webhook_ref AS "webhookRef!",
 *        d.next_attempt_at AS "nextAttemptAt!"
 *   FROM webhook_deliveries AS d
 *   JOIN webhooks AS w ON w.ref = d.webhook_ref
 *  WHERE d.status = ANY(:due!::"DeliveryStatus"[]) AND d.next_attempt_at <= now()
 *    AND (:afterAt::timestamptz IS NULL
 *         OR (d.next_attempt_at, d.event_id, d.webhook_ref) > (:afterAt::timestamptz, :afterEventId::text, :afterWebhookRef::int))
 *  ORDER BY d.next_attempt_at, d.event_id, d.webhook_ref
 *  LIMIT :limit!
 * ```
 */
export const dueDeliveries = new PreparedQuery<IDueDeliveriesParams,IDueDeliveriesResult>(dueDeliveriesIR);


