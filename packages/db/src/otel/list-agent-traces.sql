/* @name agentTraceSpans */
-- The page's traces, picked from the agent's spans by ids alone (contexts (user_id, agent_id, id),
-- then otel_spans' context_id key), then each of their spans by its primary key.
WITH page AS (
  SELECT s.trace_id, max(c.id) AS last_context_id, array_agg(c.id) AS ids
    FROM contexts c
    JOIN otel_spans s ON s.context_id = c.id
   WHERE c.user_id = :userId! AND c.agent_id = :agentId!
     AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)
   GROUP BY s.trace_id
  HAVING :after::text IS NULL OR max(c.id) < :after
   ORDER BY max(c.id) DESC
   LIMIT :limit!::int)
SELECT p.trace_id AS "trace_id!", p.last_context_id AS "last_context_id!", c.id, c.canonical_data, c.created_at
  FROM page p
 CROSS JOIN LATERAL unnest(p.ids) AS span(id)
  JOIN contexts c ON c.id = span.id
 ORDER BY p.last_context_id DESC, c.id;
