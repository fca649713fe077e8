/* @name referencedContextsOf */
-- What a reference needs of its context and the batch it was confirmed in: the view
-- ctxlog_context_references (migration 20261201040000_confirmed_contexts_name_their_anchor_by_ref),
-- which the webhook worker's load-delivery-targets.sql reads as well. pgTyped sees every column of
-- a view as nullable: "!" marks the contexts columns that are NOT NULL; the batch's are null
-- without one.
SELECT r.id AS "id!", r.agent_id AS "agent_id!", r.context_hash AS "context_hash!",
       r.signature AS "signature!", r.created_at AS "created_at!", r.sequence,
       r.prev_entry_hash, r.entry_hash, r.canonical_data, r.data_erased_at, r.merkle_proof,
       r.leaf_index, r.anchor_id, r.transaction_hash, r.block_number, r.block_timestamp,
       r.confirmations, r.network, r.gas_used, r.confirmed_at, r.merkle_root, r.chain_id,
       r.registry_address, r.tree_size::text AS tree_size
  FROM ctxlog_context_references AS r
 WHERE r.id = ANY(:ids!::text[]);
