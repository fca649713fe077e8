/* @name claimExpiredContexts */
SELECT c.id FROM contexts AS c JOIN users AS u ON u.id = c.user_id
 WHERE c.id > :after! AND c.id < :before! AND c.data_erased_at IS NULL
   AND (:plans::text[] IS NULL OR u.plan = ANY(:plans::text[]))
   AND u.plan <> ALL(:exceptPlans!::text[])
 ORDER BY c.id LIMIT :limit!
   FOR UPDATE OF c SKIP LOCKED;
