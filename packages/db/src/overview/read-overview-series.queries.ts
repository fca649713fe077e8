/** Types generated for queries found in "packages/db/src/overview/read-overview-series.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'ReceivedPerBucket' parameters type */
export interface IReceivedPerBucketParams {
  bucketMs: NumberOrString;
  idFrom: string;
  idTo: string;
  startMs: NumberOrString;
  userId: string;
}

/** 'ReceivedPerBucket' return type */
export interface IReceivedPerBucketResult {
  bucket: string;
  n: string;
}

/** 'ReceivedPerBucket' query type */
export interface IReceivedPerBucketQuery {
  params: IReceivedPerBucketParams;
  result: IReceivedPerBucketResult;
}

const receivedPerBucketIR: any = {"usedParamSet":{"startMs":true,"bucketMs":true,"userId":true,"idFrom":true,"idTo":true},"params":[{"name":"startMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":54,"b":62}]},{"name":"bucketMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":75,"b":84}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":174,"b":181}]},{"name":"idFrom","required":true,"transform":{"type":"scalar"},"locs":[{"a":193,"b":200}]},{"name":"idTo","required":true,"transform":{"type":"scalar"},"locs":[{"a":211,"b":216}]}],"statement":"SELECT floor((extract(epoch FROM created_at) * 1000 - :startMs!::bigint) / :bucketMs!::bigint)::bigint AS \"bucket!\",\n       count(*) AS \"n!\"\n  FROM contexts\n WHERE user_id = :userId! AND id >= :idFrom! AND id < :idTo!\n GROUP BY 1"};

/**
 * Query generated from SQL:
 * ```
 * SELECT floor((extract(epoch FROM created_at) * 1000 - :startMs!::bigint) / :bucketMs!::bigint)::bigint AS "bucket!",
 *        count(*) AS "n!"
 *   FROM contexts
 *  WHERE user_id = :userId! AND id >= :idFrom! AND id < :idTo!
 *  GROUP BY 1
 * ```
 */
export const receivedPerBucket = new PreparedQuery<IReceivedPerBucketParams,IReceivedPerBucketResult>(receivedPerBucketIR);


/** 'ConfirmedPerBucket' parameters type */
export interface IConfirmedPerBucketParams {
  bucketMs: NumberOrString;
  idFrom: string;
  idTo: string;
  since: DateOrString;
  startMs: NumberOrString;
  until: DateOrString;
  userId: string;
}

/** 'ConfirmedPerBucket' return type */
export interface IConfirmedPerBucketResult {
  bucket: string;
  n: string;
  p50: number | null;
  p95: number | null;
}

/** 'ConfirmedPerBucket' query type */
export interface IConfirmedPerBucketQuery {
  params: IConfirmedPerBucketParams;
  result: IConfirmedPerBucketResult;
}

const confirmedPerBucketIR: any = {"usedParamSet":{"startMs":true,"bucketMs":true,"userId":true,"idFrom":true,"idTo":true,"since":true,"until":true},"params":[{"name":"startMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":279,"b":287}]},{"name":"bucketMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":300,"b":309}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":816,"b":823}]},{"name":"idFrom","required":true,"transform":{"type":"scalar"},"locs":[{"a":867,"b":874}]},{"name":"idTo","required":true,"transform":{"type":"scalar"},"locs":[{"a":887,"b":892}]},{"name":"since","required":true,"transform":{"type":"scalar"},"locs":[{"a":919,"b":925}]},{"name":"until","required":true,"transform":{"type":"scalar"},"locs":[{"a":961,"b":967}]}],"statement":"-- each confirmed context (ctxlog_context_status), its batch (confirmed_contexts) and its\n-- confirmation time as its record shows it (context-view.ts): its anchor's confirmation less its\n-- own receipt, in whole seconds\nSELECT floor((extract(epoch FROM a.confirmed_at) * 1000 - :startMs!::bigint) / :bucketMs!::bigint)::bigint AS \"bucket!\",\n       count(*) AS \"n!\",\n       percentile_cont(0.5) WITHIN GROUP (ORDER BY t.seconds)::float8 AS p50,\n       percentile_cont(0.95) WITHIN GROUP (ORDER BY t.seconds)::float8 AS p95\n  FROM contexts c\n CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s\n  JOIN confirmed_contexts m ON m.id = c.id\n  JOIN anchors a ON a.ref = m.anchor_ref\n CROSS JOIN LATERAL (\n   SELECT ctxlog_confirmation_seconds(c.created_at, a.confirmed_at) AS seconds\n ) t\n WHERE c.user_id = :userId! AND s.status = 'confirmed'\n   AND c.id >= :idFrom! AND c.id < :idTo!\n   AND a.confirmed_at >= :since!::timestamptz AND a.confirmed_at < :until!::timestamptz\n GROUP BY 1"};

/**
 * Query generated from SQL:
 * ```
 * -- each confirmed context (ctxlog_context_status), its batch (confirmed_contexts) and its
 * -- confirmation time as its record shows it (context-view.ts): its anchor's confirmation less its
 * -- own receipt, in whole seconds
 * SELECT floor((extract(epoch FROM a.confirmed_at) * 1000 - :startMs!::bigint) / :bucketMs!::bigint)::bigint AS "bucket!",
 *        count(*) AS "n!",
 *        percentile_cont(0.5) WITHIN GROUP (ORDER BY t.seconds)::float8 AS p50,
 *        percentile_cont(0.95) WITHIN GROUP (ORDER BY t.seconds)::float8 AS p95
 *   FROM contexts c
 *  CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
 *   JOIN confirmed_contexts m ON m.id = c.id
 *   JOIN anchors a ON a.ref = m.anchor_ref
 *  CROSS JOIN LATERAL (
 *    SELECT ctxlog_confirmation_seconds(c.created_at, a.confirmed_at) AS seconds
 *  ) t
 *  WHERE c.user_id = :userId! AND s.status = 'confirmed'
 *    AND c.id >= :idFrom! AND c.id < :idTo!
 *    AND a.confirmed_at >= :since!::timestamptz AND a.confirmed_at < :until!::timestamptz
 *  GROUP BY 1
 * ```
 */
export const confirmedPerBucket = new PreparedQuery<IConfirmedPerBucketParams,IConfirmedPerBucketResult>(confirmedPerBucketIR);


