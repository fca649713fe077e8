/* @name eventsInOlderForms */
-- schema: 20261129200000_one_event_form (its step runs right after it: docs/sql.md)
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
-- There the anchor's transaction hash and root are the 0x-hex text the service wrote; migration
-- 20261130031500_anchor_hashes_as_bytes stores them as bytes later, whose ::text is \x and the same
-- 64 hex digits. So each is read as 0x and its last 64 characters: the same 0x-hex on either schema,
-- as the stored events named them, and a string to pgTyped (null stays null).
SELECT c.id, c.agent_id, ctxlog_hex(c.context_hash) AS "context_hash!",
       ctxlog_hex(c.signature) AS "signature!", c.created_at, c.sequence,
       ctxlog_hex(c.prev_entry_hash) AS prev_entry_hash, ctxlog_hex(c.entry_hash) AS entry_hash,
       c.canonical_data, c.data_erased_at,
       ctxlog_merkle_proof(a.merkle_tree, a.context_count, m.leaf_index) AS merkle_proof,
       m.leaf_index AS "leaf_index?",
       a.id AS "anchor_id?", '0x' || right(a.transaction_hash::text, 64) AS transaction_hash, a.block_number::text AS block_number, a.block_timestamp,
       a.confirmations, a.network AS "network?", a.gas_used::text AS gas_used, a.confirmed_at, '0x' || right(a.merkle_root::text, 64) AS "merkle_root?",
       a.chain_id AS "chain_id?", a.registry_address AS "registry_address?",
       -- anchors of the log's tree head came later (20261130062000): these are batches' trees
       NULL::text AS tree_size
  FROM contexts AS c
  LEFT JOIN confirmed_contexts AS m ON m.id = c.id
  LEFT JOIN anchors AS a ON a.id = COALESCE(m.anchor_id, c.anchor_id)
 WHERE c.id = ANY(:ids!::text[]);
