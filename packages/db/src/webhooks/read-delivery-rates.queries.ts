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

const attemptRatesOfWebhookIR: any = {"usedParamSet":{"webhookId":true,"fromEventId":true,"toEventId":true,"startMs":true,"bucketMs":true,"since":true,"until":true},"params":[{"name":"webhookId","required":true,"transform":{"type":"scalar"},"locs":[{"a":344,"b":354}]},{"name":"fromEventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":380,"b":392}]},{"name":"toEventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":411,"b":421}]},{"name":"startMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":483,"b":491}]},{"name":"bucketMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":504,"b":513}]},{"name":"since","required":true,"transform":{"type":"scalar"},"locs":[{"a":784,"b":790}]},{"name":"until","required":true,"transform":{"type":"scalar"},"locs":[{"a":826,"b":832}]}],"statement":"-- one webhook's deliveries as a range of its key (webhook_ref, event_id) (ids are time-ordered), then\n-- their attempts wherever each lives (webhook_attempt_log), counted per bucket of the window\nWITH deliveries AS (\n  SELECT d.event_id, d.webhook_ref FROM webhook_deliveries AS d\n   WHERE d.webhook_ref = (SELECT ref FROM webhooks WHERE id = :webhookId!)\n     AND d.event_id >= :fromEventId! AND d.event_id < :toEventId!\n)\nSELECT floor((extract(epoch FROM a.attempted_at) * 1000 - :startMs!::float8) / :bucketMs!::float8)::int AS \"bucket!\",\n       count(*)::int AS \"attempts!\", (count(*) FILTER (WHERE a.error IS NULL))::int AS \"succeeded!\"\n  FROM deliveries AS d\n  JOIN webhook_attempt_log AS a ON a.event_id = d.event_id AND a.webhook_ref = d.webhook_ref\n WHERE a.attempted_at >= :since!::timestamptz AND a.attempted_at < :until!::timestamptz\n GROUP BY 1"};

/**
 * Query generated from SQL:
 * ```
 * -- one webhook's deliveries as a range of its key (webhook_ref, event_id) (ids are time-ordered), then
 * -- their attempts wherever each lives (webhook_attempt_log), counted per bucket of the window
 * WITH deliveries AS (
 *   SELECT d.event_id, d.webhook_ref FROM webhook_deliveries AS d
 *    WHERE d.webhook_ref = (SELECT ref FROM webhooks WHERE id = :webhookId!)
 *      AND d.event_id >= :fromEventId! AND d.event_id < :toEventId!
 * )
 * SELECT floor((extract(epoch FROM a.attempted_at) * 1000 - :startMs!::float8) / :bucketMs!::float8)::int AS "bucket!",
 *        count(*)::int AS "attempts!", (count(*) FILTER (WHERE a.error IS NULL))::int AS "succeeded!"
 *   FROM deliveries AS d
 *   JOIN webhook_attempt_log AS a ON a.event_id = d.event_id AND a.webhook_ref = d.webhook_ref
 *  WHERE a.attempted_at >= :since!::timestamptz AND a.attempted_at < :until!::timestamptz
 *  GROUP BY 1
 * ```
 */
export const attemptRatesOfWebhook = new PreparedQuery<IAttemptRatesOfWebhookParams,IAttemptRatesOfWebhookResult>(attemptRatesOfWebhookIR);


