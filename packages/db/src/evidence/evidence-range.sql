/* @name evidenceSequenceRange */
SELECT min(c.sequence) FILTER (WHERE c.created_at >= :from!) AS first_sequence,
       max(c.sequence) FILTER (WHERE c.created_at < :to!) AS last_sequence
  FROM contexts AS c
 WHERE c.user_id = :userId! AND c.agent_id = :agentId! AND c.sequence IS NOT NULL
   AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys);

/* @name firstUnconfirmedEntry */
SELECT c.sequence AS "sequence!", c.created_at AS "received_at!"
  FROM contexts AS c
 CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
 WHERE c.user_id = :userId! AND c.agent_id = :agentId!
   AND c.sequence BETWEEN :firstSequence! AND :lastSequence!
   AND s.status <> :confirmed!
   AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)
 ORDER BY c.sequence
 LIMIT 1;
