/* @name keyById */
SELECT * FROM api_keys WHERE id = :keyId!;

/* @name insertRolledKey */
INSERT INTO api_keys (id, user_id, type, hash, display_prefix, agent_patterns, family_id,
                      rolled_from_id, expires_at, name)
VALUES (:id!, :userId!, :type!, :hash!, :displayPrefix!, :agentPatterns!, :familyId!, :rolledFromId!,
        :expiresAt, :name)
RETURNING *;

/* @name setKeyExpiry */
UPDATE api_keys SET expires_at = :expiresAt! WHERE id = :keyId! RETURNING id;
