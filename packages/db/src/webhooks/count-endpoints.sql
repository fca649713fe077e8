/* @name endpointsByState */
SELECT ctxlog_endpoint_state(status, disabled_at, deleted_at) AS "state!", count(*)::int AS "n!"
  FROM webhooks
 WHERE deleted_at IS NULL
 GROUP BY 1;
