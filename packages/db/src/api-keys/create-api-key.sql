/* @name upsertUserPlan */
INSERT INTO users (id, plan) VALUES (:userId!, :newPlan!)
ON CONFLICT (id) DO UPDATE SET plan = :setPlan WHERE :setPlan::text IS NOT NULL;

/* @name insertApiKey */
INSERT INTO api_keys (id, user_id, type, hash, display_prefix, agent_patterns, family_id, expires_at, name)
VALUES (:id!, :userId!, :type!, :hash!, :displayPrefix!, :agentPatterns!, :id!, :expiresAt, :name)
RETURNING *;
