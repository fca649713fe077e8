/* @name receivedPerBucket */
SELECT floor((extract(epoch FROM created_at) * 1000 - :startMs!::bigint) / :bucketMs!::bigint)::bigint AS "bucket!",
       count(*) AS "n!"
  FROM contexts
 WHERE user_id = :userId! AND id >= :idFrom! AND id < :idTo!
 GROUP BY 1;

/* @name confirmedPerBucket */
-- each confirmed context (ctxlog_context_status), its batch (confirmed_contexts) and its
-- confirmation time as its record shows it (context-view.ts): its anchor's confirmation less its
-- own receipt, in whole seconds
SELECT floor((extract(epoch FROM a.confirmed_at) * 1000 - :startMs!::bigint) / :bucketMs!::bigint)::bigint AS "bucket!",
       count(*) AS "n!",
       percentile_cont(0.5) WITHIN GROUP (ORDER BY t.seconds)::float8 AS p50,
       percentile_cont(0.95) WITHIN GROUP (ORDER BY t.seconds)::float8 AS p95
  FROM contexts c
 CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
  JOIN confirmed_contexts m ON m.id = c.id
  JOIN anchors a ON a.ref = m.anchor_ref
 CROSS JOIN LATERAL (
   SELECT ctxlog_confirmation_seconds(c.created_at, a.confirmed_at) AS seconds
 ) t
 WHERE c.user_id = :userId! AND s.status = 'confirmed'
   AND c.id >= :idFrom! AND c.id < :idTo!
   AND a.confirmed_at >= :since!::timestamptz AND a.confirmed_at < :until!::timestamptz
 GROUP BY 1;
