/* @name deliveryTargetsOf */
-- Everything one attempt needs of each delivery of a batch, in one statement (the worker's hot
-- path): the delivery, its webhook, its event's stored payload and, when that payload is a
-- reference, what it is rendered from (ctxlog_context_references, migration
-- 20261201040000_confirmed_contexts_name_their_anchor_by_ref, and ctxlog_event_is_reference,
-- migration 20261130005000_context_references; the planner inlines both). Deliveries are found by
-- their key (webhook_ref, event_id) through their webhook's id, and the bounds on the event id plan
-- the statement for the batch's days alone (event-id-bounds.ts).
SELECT w.id AS "webhook_id!", d.event_id AS "event_id!", e.event AS "event!",
       d.status AS "status!", d.attempts AS "attempts!", d.cycle AS "cycle!", d.next_attempt_at,
       w.url, w.secret, w.secret_key_id,
       CASE WHEN w.previous_secret_expires_at > now() THEN w.previous_secret END AS previous_secret,
       w.previous_secret_key_id,
       ctxlog_endpoint_state(w.status, w.disabled_at, w.deleted_at) AS "endpoint_state!",
       w.rate_limit,
       e.payload AS "payload!", e.context_id AS event_context_id, e.created_at AS "event_created_at!",
       -- the reference's context: null for an envelope, or a context that is gone
       r.id AS context_id, r.agent_id, r.context_hash, r.signature, r.created_at, r.sequence,
       r.prev_entry_hash, r.entry_hash, r.canonical_data, r.data_erased_at, r.merkle_proof,
       r.leaf_index, r.anchor_id, r.transaction_hash, r.block_number, r.block_timestamp,
       r.confirmations, r.network, r.gas_used, r.confirmed_at, r.merkle_root, r.chain_id,
       r.registry_address, r.tree_size::text AS tree_size
  FROM unnest(:webhookIds!::text[], :eventIds!::text[]) AS k(webhook_id, event_id)
  JOIN webhooks AS w ON w.id = k.webhook_id
  JOIN webhook_deliveries AS d ON d.webhook_ref = w.ref AND d.event_id = k.event_id
  JOIN outbox_events AS e ON e.user_id = w.user_id AND e.id = d.event_id
  LEFT JOIN ctxlog_context_references AS r
    ON r.id = e.context_id AND ctxlog_event_is_reference(e.payload)
 WHERE d.event_id BETWEEN :lo! AND :hi! AND e.id BETWEEN :lo! AND :hi!;
