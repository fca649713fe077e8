/* @name listAgentLogRows */
WITH seen AS (
  SELECT l.agent_id, max(c.sequence) AS head_sequence, count(*) AS entries,
         count(*) FILTER (WHERE s.status = 'pending') AS pending,
         count(*) FILTER (WHERE s.status = 'confirmed') AS confirmed,
         count(*) FILTER (WHERE s.status = 'failed') AS failed,
         min(c.created_at) AS first_at, max(c.created_at) AS last_at
    FROM agent_logs AS l
    JOIN contexts AS c ON c.user_id = l.user_id AND c.agent_id = l.agent_id AND c.sequence IS NOT NULL
   CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
   WHERE l.user_id = :userId!
     AND (:agentId::text IS NULL OR l.agent_id = :agentId)
     AND (:after::text IS NULL OR l.agent_id > :after)
     AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)
     AND (:activeFrom::text IS NULL AND :activeBefore::text IS NULL OR EXISTS (
           SELECT 1 FROM contexts AS a
            WHERE a.user_id = l.user_id AND a.agent_id = l.agent_id AND a.sequence IS NOT NULL
              AND (:activeFrom::text IS NULL OR a.id >= :activeFrom)
              AND (:activeBefore::text IS NULL OR a.id < :activeBefore)
              AND ctxlog_reader_sees(a.visibility, a.api_key_id, :onlyVisibility, :onlyKeys)))
   GROUP BY l.agent_id
   ORDER BY l.agent_id
   LIMIT :limit!)
SELECT s.agent_id AS "agent_id!", s.head_sequence AS "head_sequence!", s.entries AS "entries!",
       s.pending AS "pending!", s.confirmed AS "confirmed!", s.failed AS "failed!",
       s.first_at AS "first_at!", s.last_at AS "last_at!",
       h.entry_hash AS "head_entry_hash!"
  FROM seen AS s
  JOIN contexts AS h ON h.user_id = :userId! AND h.agent_id = s.agent_id AND h.sequence = s.head_sequence
 ORDER BY s.agent_id;
