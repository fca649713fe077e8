/* @name contextsNamingTransaction */
-- the reader's rows with this hash that name, as their own batch (failed in), the batch whose
-- transaction this is. The reader's scope (contexts/reader-scope.ts: all, public or own) is a
-- parameter: the statement is planned with it bound.
SELECT c.id, c.user_id, c.api_key_id, c.key_family_id, c.agent_id, c.visibility, c.canonical_data,
       c.context_hash, c.signature, c.signature_scheme, c.signer_address, c.network,
       c.estimated_confirmation, c.error_code, c.error_message, c.error_details, c.failure_reason,
       c.retry_possible, c.failed_at, c.created_at, c.updated_at, c.anchor_id, c.sequence,
       c.prev_entry_hash, c.entry_hash, c.data_erased_at, c.data_erased_by, c.data_erasure_reason,
       c.data_erasure_overrode_retention
  FROM contexts c
  JOIN anchors a ON a.id = c.anchor_id
 WHERE c.user_id = :userId!
   AND (:scope!::text = 'all'
        OR (:scope! = 'public' AND c.visibility = 'public')
        OR (:scope! = 'own' AND c.key_family_id = :keyFamilyId!))
   AND c.context_hash = :contextHash!
   AND a.transaction_hash = :transactionHash!
 ORDER BY c.id
 LIMIT :limit!::int;

/* @name contextsWithHash */
-- the reader's rows with this hash, oldest first
SELECT c.id, c.user_id, c.api_key_id, c.key_family_id, c.agent_id, c.visibility, c.canonical_data,
       c.context_hash, c.signature, c.signature_scheme, c.signer_address, c.network,
       c.estimated_confirmation, c.error_code, c.error_message, c.error_details, c.failure_reason,
       c.retry_possible, c.failed_at, c.created_at, c.updated_at, c.anchor_id, c.sequence,
       c.prev_entry_hash, c.entry_hash, c.data_erased_at, c.data_erased_by, c.data_erasure_reason,
       c.data_erasure_overrode_retention
  FROM contexts c
 WHERE c.user_id = :userId!
   AND (:scope!::text = 'all'
        OR (:scope! = 'public' AND c.visibility = 'public')
        OR (:scope! = 'own' AND c.key_family_id = :keyFamilyId!))
   AND c.context_hash = :contextHash!
 ORDER BY c.id
 LIMIT :limit!::int;

/* @name newestContextWithHash */
SELECT c.id, c.created_at, c.anchor_id
  FROM contexts c
 WHERE c.user_id = :userId!
   AND (:scope!::text = 'all'
        OR (:scope! = 'public' AND c.visibility = 'public')
        OR (:scope! = 'own' AND c.key_family_id = :keyFamilyId!))
   AND c.context_hash = :contextHash!
 ORDER BY c.id DESC
 LIMIT 1;
