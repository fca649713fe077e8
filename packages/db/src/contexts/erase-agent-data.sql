/* @name claimAgentContexts */
SELECT id FROM contexts
 WHERE user_id = :userId! AND agent_id = :agentId! AND id > :after! AND data_erased_at IS NULL
   -- under a minimum retention: only contexts received before its cutoff (a newer one came after
   -- the check that found none)
   AND (:before::text IS NULL OR id < :before)
 ORDER BY id LIMIT :limit!
   FOR UPDATE SKIP LOCKED;

/* @name agentDataLeft */
SELECT EXISTS (SELECT 1 FROM contexts WHERE user_id = :userId! AND agent_id = :agentId!) AS "logged!",
       (SELECT count(*) FROM contexts
         WHERE user_id = :userId! AND agent_id = :agentId! AND data_erased_at IS NULL) AS "remaining!";
