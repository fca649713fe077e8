/** Types generated for queries found in "packages/db/src/webhooks/read-delivery-rates.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

/** 'AttemptRatesOfWebhook' parameters type */
export interface IAttemptRatesOfWebhookParams {
  bucketMs: number;
  fromId: string;
  since: DateOrString;
  startMs: number;
  toId: string;
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

const attemptRatesOfWebhookIR: any = {"usedParamSet":{"webhookId":true,"fromId":true,"toId":true,"startMs":true,"bucketMs":true,"since":true,"until":true},"params":[{"name":"webhookId","required":true,"transform":{"type":"scalar"},"locs":[{"a":285,"b":295}]},{"name":"fromId","required":true,"transform":{"type":"scalar"},"locs":[{"a":307,"b":314}]},{"name":"toId","required":true,"transform":{"type":"scalar"},"locs":[{"a":325,"b":330}]},{"name":"startMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":392,"b":400}]},{"name":"bucketMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":413,"b":422}]},{"name":"since","required":true,"transform":{"type":"scalar"},"locs":[{"a":691,"b":697}]},{"name":"until","required":true,"transform":{"type":"scalar"},"locs":[{"a":733,"b":739}]}],"statement":"-- one webhook's deliveries as an id range over (webhook_id, id) (ids are time-ordered), then their\n-- attempts wherever each lives (webhook_attempt_log), counted per bucket of the window\nWITH deliveries AS (\n  SELECT event_id, webhook_id FROM webhook_deliveries\n   WHERE webhook_id = :webhookId! AND id >= :fromId! AND id < :toId!\n)\nSELECT floor((extract(epoch FROM a.attempted_at) * 1000 - :startMs!::float8) / :bucketMs!::float8)::int AS \"bucket!\",\n       count(*)::int AS \"attempts!\", (count(*) FILTER (WHERE a.error IS NULL))::int AS \"succeeded!\"\n  FROM deliveries AS d\n  JOIN webhook_attempt_log AS a ON a.event_id = d.event_id AND a.webhook_id = d.webhook_id\n WHERE a.attempted_at >= :since!::timestamptz AND a.attempted_at < :until!::timestamptz\n GROUP BY 1"};

/**
 * Query generated from SQL:
 * ```
 * -- one webhook's deliveries as an id range over (webhook_id, id) (ids are time-ordered), then their
 * -- attempts wherever each lives (webhook_attempt_log), counted per bucket of the window
 * WITH deliveries AS (
 *   SELECT event_id, webhook_id FROM webhook_deliveries
 *    WHERE webhook_id = :webhookId! AND id >= :fromId! AND id < :toId!
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


