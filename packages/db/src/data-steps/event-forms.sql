/* @name eventsInOlderForms */
-- a page of the events of a context not yet in their one form (event-references.ts), by id
SELECT id, event, payload, context_id AS "context_id!", created_at
  FROM outbox_events
 WHERE event = ANY(:events!::text[]) AND context_id IS NOT NULL
   AND payload <> :confirmedReference! AND left(payload, 2) <> :createdMark!
   AND id > :after!
 ORDER BY id
 LIMIT :limit!;

/* @name keepEventForms */
UPDATE outbox_events AS e SET payload = r.payload
  FROM unnest(:ids!::text[], :payloads!::text[]) AS r(id, payload)
 WHERE e.id = r.id;

/* @name contextsOfOlderForms */
-- What the events' references render from (@ctxlog/core event-references): each context and the
-- batch it was confirmed in. The readers of today read it through the view
-- ctxlog_context_references, which a later migration (20261130005000_context_references) creates:
-- this step runs at its own migration's schema, so it reads the same columns from the tables.
SELECT c.id, c.agent_id, ctxlog_hex(c.context_hash) AS "context_hash!",
       ctxlog_hex(c.signature) AS "signature!", c.created_at, c.sequence,
       ctxlog_hex(c.prev_entry_hash) AS prev_entry_hash, ctxlog_hex(c.entry_hash) AS entry_hash,
       c.canonical_data, c.data_erased_at,
       ctxlog_merkle_proof(a.merkle_tree, a.context_count, m.leaf_index) AS merkle_proof,
       m.leaf_index AS "leaf_index?",
       a.id AS "anchor_id?", a.transaction_hash, a.block_number::text AS block_number, a.block_timestamp,
       a.confirmations, a.network AS "network?", a.gas_used::text AS gas_used, a.confirmed_at, a.merkle_root AS "merkle_root?",
       a.chain_id AS "chain_id?", a.registry_address AS "registry_address?"
  FROM contexts AS c
  LEFT JOIN confirmed_contexts AS m ON m.id = c.id
  LEFT JOIN anchors AS a ON a.id = COALESCE(m.anchor_id, c.anchor_id)
 WHERE c.id = ANY(:ids!::text[]);
