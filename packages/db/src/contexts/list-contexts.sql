/* @name listContextRows */
SELECT c.* FROM contexts AS c
 WHERE c.user_id = :userId!
   AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)
   AND (:agentId::text IS NULL OR c.agent_id = :agentId)
   AND (:ids::text[] IS NULL OR c.id = ANY(:ids))
   AND (:after::text IS NULL OR c.id < :after)
   AND (:fromId::text IS NULL OR c.id >= :fromId)
   AND (:beforeId::text IS NULL OR c.id < :beforeId)
   AND (:toSequence::int IS NULL OR c.sequence <= :toSequence)
   AND (:status::"ContextStatus" IS NULL
        OR (SELECT s.status FROM ctxlog_context_status(c.id, c.failed_at) AS s) = :status)
 ORDER BY c.id DESC
 LIMIT :limit!;
