/* @name otelSpansOf */
SELECT s.trace_id, s.span_id, s.context_id
  FROM otel_spans s
  JOIN unnest(:traceIds!::text[], :spanIds!::text[]) AS k(trace_id, span_id)
    ON s.trace_id = k.trace_id AND s.span_id = k.span_id
 WHERE s.user_id = :userId!;

/* @name claimOtelSpansFor */
INSERT INTO otel_spans AS s (user_id, trace_id, span_id, context_id)
SELECT :userId!, k.trace_id, k.span_id, k.context_id
  FROM unnest(:traceIds!::text[], :spanIds!::text[], :contextIds!::text[]) AS k(trace_id, span_id, context_id)
    ON CONFLICT (user_id, trace_id, span_id) DO UPDATE
   SET context_id = EXCLUDED.context_id, claimed_at = now()
 WHERE s.claimed_at < now() - make_interval(secs => :abandonedSeconds!::int)
   AND NOT EXISTS (SELECT 1 FROM contexts c WHERE c.id = s.context_id)
RETURNING s.context_id;

/* @name releaseOtelSpansOf */
DELETE FROM otel_spans WHERE context_id = ANY(:contextIds!::text[]);

/* @name traceContextIdsOf */
SELECT context_id FROM otel_spans WHERE user_id = :userId! AND trace_id = :traceId! LIMIT :limit!::int;
