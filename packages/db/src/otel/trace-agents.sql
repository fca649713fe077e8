/* @name traceAgentsOf */
SELECT trace_id AS "traceId", agent_id AS "agentId"
  FROM otel_trace_agents
 WHERE user_id = :userId! AND trace_id = ANY(:traceIds!::text[]);

/* @name insertTraceAgents */
INSERT INTO otel_trace_agents (user_id, trace_id, agent_id)
SELECT :userId!, k.trace_id, k.agent_id
  FROM unnest(:traceIds!::text[], :agentIds!::text[]) AS k(trace_id, agent_id)
ON CONFLICT (user_id, trace_id) DO NOTHING;

/* @name countHeldSpansOf */
SELECT count(*)::int AS "n!" FROM otel_held_spans WHERE user_id = :userId!;

/* @name insertHeldSpans */
INSERT INTO otel_held_spans (user_id, trace_id, span_id, api_key_id, key_family_id, span)
SELECT * FROM unnest(:userIds!::text[], :traceIds!::text[], :spanIds!::text[], :apiKeyIds!::text[],
                     :keyFamilyIds!::text[], :spans!::jsonb[])
ON CONFLICT (user_id, trace_id, span_id) DO NOTHING;

/* @name deleteHeldSpansOfTraces */
DELETE FROM otel_held_spans
 WHERE user_id = :userId! AND trace_id = ANY(:traceIds!::text[])
RETURNING user_id AS "userId", trace_id AS "traceId", span_id AS "spanId", api_key_id AS "apiKeyId",
          key_family_id AS "keyFamilyId", span;

/* @name deleteExpiredHeldSpans */
DELETE FROM otel_held_spans AS h
 USING (SELECT user_id, trace_id, span_id FROM otel_held_spans
         WHERE (:userId::text IS NULL OR user_id = :userId)
           AND held_at <= now() - make_interval(secs => :olderThanSeconds!::float8)
         ORDER BY held_at LIMIT :limit!::int
           FOR UPDATE SKIP LOCKED) AS old
 WHERE h.user_id = old.user_id AND h.trace_id = old.trace_id AND h.span_id = old.span_id
RETURNING h.user_id AS "userId", h.trace_id AS "traceId", h.span_id AS "spanId", h.api_key_id AS "apiKeyId",
          h.key_family_id AS "keyFamilyId", h.span;

/* @name deleteOldTraceAgents */
DELETE FROM otel_trace_agents
 WHERE created_at < now() - make_interval(hours => :retentionHours!::int)
RETURNING 1 AS "pruned!";
