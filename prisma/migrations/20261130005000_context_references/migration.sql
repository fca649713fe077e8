-- What an event stored as a reference (@ctxlog/core event-references.ts) is rendered from, owned
-- here once for every reader (packages/db/src/events/render-payloads.sql, the API's event pages;
-- packages/db/src/webhooks/load-delivery-targets.sql, the webhook worker's batch). SQL is written in
-- .sql files only (docs/sql.md), so what both statements share is this function and this view.

-- Whether a stored payload is a reference: it begins with EVENT_REFERENCE_MARK (`~`, which no JSON
-- envelope does) and needs its context's row to render. The one place SQL tells the forms apart;
-- packages/db/src/events/event-references-sql.test.ts holds it to @ctxlog/core isEventReference.
-- A plain SQL expression, IMMUTABLE: the planner inlines it into the statement that calls it.
CREATE FUNCTION ctxlog_event_is_reference(payload text) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT left(payload, 1) = '~' $$;

-- What a reference needs of its context and the batch it was confirmed in, one row per context: the
-- batch is the one the context was confirmed in (confirmed_contexts, m), else its row's (failed in);
-- the proof is read out of that batch's tree (ctxlog_merkle_proof, migration
-- 20261127163924_anchors_merkle_tree). The anchor's columns are null without a batch. Hashes are
-- 0x-text, as references render them; int8 columns are text (exact). A simple view: the planner
-- inlines it, so a filter or a join on `id` reaches contexts' primary key.
CREATE VIEW ctxlog_context_references AS
SELECT c.id, c.agent_id, ctxlog_hex(c.context_hash) AS context_hash,
       ctxlog_hex(c.signature) AS signature, c.created_at, c.sequence,
       ctxlog_hex(c.prev_entry_hash) AS prev_entry_hash, ctxlog_hex(c.entry_hash) AS entry_hash,
       c.canonical_data, c.data_erased_at,
       ctxlog_merkle_proof(a.merkle_tree, a.context_count, m.leaf_index) AS merkle_proof,
       m.leaf_index,
       a.id AS anchor_id, a.transaction_hash, a.block_number::text AS block_number, a.block_timestamp,
       a.confirmations, a.network, a.gas_used::text AS gas_used, a.confirmed_at, a.merkle_root,
       a.chain_id, a.registry_address
  FROM contexts AS c
  LEFT JOIN confirmed_contexts AS m ON m.id = c.id
  LEFT JOIN anchors AS a ON a.id = COALESCE(m.anchor_id, c.anchor_id);
