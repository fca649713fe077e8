/* @name claimExpiredContexts */
SELECT c.id FROM contexts AS c JOIN users AS u ON u.id = c.user_id
 WHERE c.id > :after! AND c.id < :before! AND c.data_erased_at IS NULL
   AND (:plans::text[] IS NULL OR u.plan = ANY(:plans::text[]))
   AND u.plan <> ALL(:exceptPlans!::text[])
   -- agents under a legal hold keep their data (heldExpiredContexts counts what is left)
   AND NOT EXISTS (SELECT 1 FROM legal_holds AS h
                    WHERE h.user_id = c.user_id AND h.agent_id = c.agent_id AND ctxlog_hold_active(h.released_at))
 ORDER BY c.id LIMIT :limit!
   FOR UPDATE OF c SKIP LOCKED;
