/** Types generated for queries found in "packages/db/src/webhooks/read-delivery-rates.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

/** 'AttemptRatesOfWebhook' parameters type */
export interface IAttemptRatesOfWebhookParams {
  bucketMs: number;
  fromEventId: string;
  since: DateOrString;
  startMs: number;
  toEventId: string;
  until: DateOrString;
  webhookId: string;
}

/** 'AttemptRatesOfWebhook' return type */
export interface IAttemptRatesOfWebhookResult {
  attempts: number;
  bucket: number;
  succeeded: number;
}

/** 'AttemptRatesOfWebhook' query type */
export interface IAttemptRatesOfWebhookQuery {
  params: IAttemptRatesOfWebhookParams;
  result: IAttemptRatesOfWebhookResult;
}

const attemptRatesOfWebhookIR: any = {"usedParamSet":{"webhookId":true,"fromEventId":true,"toEventId":true,"startMs":true,"bucketMs":true,"since":true,"until":true},"params":[{"name":"webhookId","required":true,"transform":{"type":"scalar"},"locs":[{"a":293,"b":303}]},{"name":"fromEventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":321,"b":333}]},{"name":"toEventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":350,"b":360}]},{"name":"startMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":422,"b":430}]},{"name":"bucketMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":443,"b":452}]},{"name":"since","required":true,"transform":{"type":"scalar"},"locs":[{"a":721,"b":727}]},{"name":"until","required":true,"transform":{"type":"scalar"},"locs":[{"a":763,"b":769}]}],"statement":"-- one webhook's deliveries as a range of its key (webhook_id, event_id) (ids are time-ordered), then their\n-- attempts wherever each lives (webhook_attempt_log), counted per bucket of the window\nWITH deliveries AS (\n  SELECT event_id, webhook_id FROM webhook_deliveries\n   WHERE webhook_id = :webhookId! AND event_id >= :fromEventId! AND event_id < :toEventId!\n)\nSELECT floor((extract(epoch FROM a.attempted_at) * 1000 - :startMs!::float8) / :bucketMs!::float8)::int AS \"bucket!\",\n       count(*)::int AS \"attempts!\", (count(*) FILTER (WHERE a.error IS NULL))::int AS \"succeeded!\"\n  FROM deliveries AS d\n  JOIN webhook_attempt_log AS a ON a.event_id = d.event_id AND a.webhook_id = d.webhook_id\n WHERE a.attempted_at >= :since!::timestamptz AND a.attempted_at < :until!::timestamptz\n GROUP BY 1"};

/**
 * Query generated from SQL:
 * ```
 * -- one webhook's deliveries as a range of its key (webhook_id, event_id) (ids are time-ordered), then their
 * -- attempts wherever each lives (webhook_attempt_log), counted per bucket of the window
 * WITH deliveries AS (
 *   SELECT event_id, webhook_id FROM webhook_deliveries
 *    WHERE webhook_id = :webhookId! AND event_id >= :fromEventId! AND event_id < :toEventId!
 * )
 * SELECT floor((extract(epoch FROM a.attempted_at) * 1000 - :startMs!::float8) / :bucketMs!::float8)::int AS "bucket!",
 *        count(*)::int AS "attempts!", (count(*) FILTER (WHERE a.error IS NULL))::int AS "succeeded!"
 *   FROM deliveries AS d
 *   JOIN webhook_attempt_log AS a ON a.event_id = d.event_id AND a.webhook_id = d.webhook_id
 *  WHERE a.attempted_at >= :since!::timestamptz AND a.attempted_at < :until!::timestamptz
 *  GROUP BY 1
 * ```
 */
export const attemptRatesOfWebhook = new PreparedQuery<IAttemptRatesOfWebhookParams,IAttemptRatesOfWebhookResult>(attemptRatesOfWebhookIR);


