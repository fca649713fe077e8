/* @name userKeysPage */
SELECT id, user_id, type, display_prefix, agent_patterns, family_id, rolled_from_id, expires_at,
       revoked_at, created_at, name, last_used_at, account_id
  FROM api_keys
 WHERE user_id = :userId! AND account_id IS NULL
   AND (:status::text IS NULL
        OR (:status = 'active' AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > :now!))
        OR (:status = 'revoked' AND revoked_at IS NOT NULL)
        OR (:status = 'expired' AND revoked_at IS NULL AND expires_at <= :now!))
   AND (:after::text IS NULL OR id < :after)
 ORDER BY id DESC
 LIMIT :limit!;
