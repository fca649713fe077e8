/* @name addOtelRefusals */
INSERT INTO otel_refusals AS r
  (user_id, reason, hour, spans, last_at, sample, service_name, suggested_agent_id)
SELECT :userId!, b.reason, date_trunc('hour', now()), b.spans, now(), left(b.sample, 500),
       b.service_name, b.suggested_agent_id
  FROM unnest(:reasons!::text[], :spans!::int[], :samples!::text[], :serviceNames!::text[],
              :suggestedAgentIds!::text[]) AS b(reason, spans, sample, service_name, suggested_agent_id)
ON CONFLICT (user_id, reason, hour) DO UPDATE
   SET spans = r.spans + EXCLUDED.spans, last_at = EXCLUDED.last_at, sample = EXCLUDED.sample,
       service_name = EXCLUDED.service_name, suggested_agent_id = EXCLUDED.suggested_agent_id;

/* @name deleteOldOtelRefusals */
DELETE FROM otel_refusals
 WHERE user_id = :userId!
   AND hour < date_trunc('hour', now()) - make_interval(hours => :windowHours!::int);

/* @name otelRefusalsSince */
SELECT reason AS "reason!", sum(spans)::int AS "spans!", max(last_at) AS "lastAt!",
       (array_agg(sample ORDER BY last_at DESC))[1] AS "sample!",
       (array_agg(service_name ORDER BY last_at DESC))[1] AS "serviceName",
       (array_agg(suggested_agent_id ORDER BY last_at DESC))[1] AS "suggestedAgentId"
  FROM otel_refusals
 WHERE user_id = :userId! AND hour >= date_trunc('hour', :since!::timestamptz)
 GROUP BY reason
 ORDER BY sum(spans) DESC, reason;
