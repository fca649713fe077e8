/* @name userKeys */
SELECT id, user_id, type, display_prefix, agent_patterns, family_id, rolled_from_id, expires_at,
       revoked_at, created_at, name, last_used_at, account_id
  FROM api_keys
 WHERE user_id = :userId! AND account_id IS NULL
 ORDER BY id DESC;
