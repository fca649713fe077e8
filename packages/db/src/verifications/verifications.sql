/* @name verificationOf */
-- a viewer of scope 'family' sees the verifications made with its own key family's keys
SELECT v.* FROM verifications v
 WHERE v.id = :id! AND v.user_id = :userId!
   AND (:scope!::text = 'all'
        OR v.api_key_id IN (SELECT k.id FROM api_keys k WHERE k.user_id = :userId! AND k.family_id = :keyFamilyId!));

/* @name verificationsPage */
SELECT v.* FROM verifications v
 WHERE v.user_id = :userId!
   AND (:scope!::text = 'all'
        OR v.api_key_id IN (SELECT k.id FROM api_keys k WHERE k.user_id = :userId! AND k.family_id = :keyFamilyId!))
   AND (:contextId::text IS NULL OR v.context_id = :contextId)
   AND (:after::text IS NULL OR v.id < :after)
   AND (:idFrom::text IS NULL OR v.id >= :idFrom)
   AND (:idTo::text IS NULL OR v.id < :idTo)
 ORDER BY v.id DESC
 LIMIT :limit!::int;

/* @name insertVerifications */
INSERT INTO verifications (id, user_id, api_key_id, context_id, transaction_hash, verified, agent_id,
  context_hash, signature_valid, hash_matches, block_number, confirmations, verification_time_ms,
  checks, created_at)
SELECT v.id, v.user_id, v.api_key_id, v.context_id, v.transaction_hash, v.verified, v.agent_id,
       v.context_hash, v.signature_valid, v.hash_matches, v.block_number, v.confirmations,
       v.verification_time_ms, v.checks::jsonb, v.created_at
  FROM unnest(:ids!::text[], :userIds!::text[], :apiKeyIds!::text[], :contextIds!::text[],
              :transactionHashes!::bytea[], :verified!::boolean[], :agentIds!::text[],
              :contextHashes!::bytea[], :signaturesValid!::boolean[], :hashesMatch!::boolean[],
              :blockNumbers!::int8[], :confirmations!::int[], :verificationTimesMs!::int[],
              :checks!::text[], :createdAts!::timestamptz[])
    AS v(id, user_id, api_key_id, context_id, transaction_hash, verified, agent_id, context_hash,
         signature_valid, hash_matches, block_number, confirmations, verification_time_ms, checks,
         created_at);
