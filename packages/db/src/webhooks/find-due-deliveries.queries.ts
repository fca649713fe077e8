/** Types generated for queries found in "packages/db/src/webhooks/find-due-deliveries.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DeliveryStatus = 'failed' | 'pending' | 'succeeded';

export type DateOrString = Date | string;

export type DeliveryStatusArray = (DeliveryStatus)[];

export type NumberOrString = number | string;

/** 'DueDeliveries' parameters type */
export interface IDueDeliveriesParams {
  afterAt?: DateOrString | null | void;
  afterId?: string | null | void;
  due: DeliveryStatusArray;
  limit: NumberOrString;
}

/** 'DueDeliveries' return type */
export interface IDueDeliveriesResult {
  eventId: string;
  id: string;
  nextAttemptAt: Date;
}

/** 'DueDeliveries' query type */
export interface IDueDeliveriesQuery {
  params: IDueDeliveriesParams;
  result: IDueDeliveriesResult;
}

const dueDeliveriesIR: any = {"usedParamSet":{"due":true,"afterAt":true,"afterId":true,"limit":true},"params":[{"name":"due","required":true,"transform":{"type":"scalar"},"locs":[{"a":284,"b":288}]},{"name":"afterAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":348,"b":355},{"a":406,"b":413}]},{"name":"afterId","required":false,"transform":{"type":"scalar"},"locs":[{"a":429,"b":436}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":483,"b":489}]}],"statement":"-- pending deliveries due now, by (next_attempt_at, id) after the previous page's last (the partial index\n-- of pending deliveries, migration 20261127071000)\nSELECT id AS \"id!\", event_id AS \"eventId!\", next_attempt_at AS \"nextAttemptAt!\"\n  FROM webhook_deliveries\n WHERE status = ANY(:due!::\"DeliveryStatus\"[]) AND next_attempt_at <= now()\n   AND (:afterAt::timestamptz IS NULL OR (next_attempt_at, id) > (:afterAt::timestamptz, :afterId::text))\n ORDER BY next_attempt_at, id\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * -- pending deliveries due now, by (next_attempt_at, id) after the previous page's last (the partial index
 * -- of pending deliveries, migration 20261127071000)
 * SELECT id AS "id!", event_id AS "eventId!", next_attempt_at AS "nextAttemptAt!"
 *   FROM webhook_deliveries
 *  WHERE status = ANY(:due!::"DeliveryStatus"[]) AND next_attempt_at <= now()
 *    AND (:afterAt::timestamptz IS NULL OR (next_attempt_at, id) > (:afterAt::timestamptz, :afterId::text))
 *  ORDER BY next_attempt_at, id
 *  LIMIT :limit!
 * ```
 */
export const dueDeliveries = new PreparedQuery<IDueDeliveriesParams,IDueDeliveriesResult>(dueDeliveriesIR);


