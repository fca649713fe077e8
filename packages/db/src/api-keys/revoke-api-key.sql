/* @name revokeUserKey */
UPDATE api_keys SET revoked_at = COALESCE(revoked_at, :now!)
 WHERE id = :keyId! AND account_id IS NULL
RETURNING id, user_id, type, display_prefix, agent_patterns, family_id, rolled_from_id, expires_at,
          revoked_at, created_at, name, last_used_at, account_id;
