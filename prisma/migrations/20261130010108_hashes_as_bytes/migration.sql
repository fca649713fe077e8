-- One type for 32-byte hashes (issue 37, item 2): the hashes agent_logs, verifications and
-- chain_identity kept as 0x-hex text become their bytes, as contexts' became in 20261127194803_context_hashes_as_bytes
-- (67 bytes of text each, 33 as bytea). The API still shows them as 0x-hex: the db package turns
-- the bytes into hex where it reads them (hex-columns.ts), once.
--
-- In place, in this release (DESIGN.md, "Stored forms"): every value was written by the service as
-- 0x followed by hex (a hash it computed, a block hash its RPC returned, or a transaction hash the API
-- validated as 32 bytes of hex), so ctxlog_unhex takes each back exactly; a value that is not hex stops the migration here
-- rather than being stored as something else. Each ALTER rewrites its table under an exclusive lock.

ALTER TABLE "agent_logs"
  ALTER COLUMN "head_entry_hash" TYPE BYTEA USING ctxlog_unhex("head_entry_hash");

ALTER TABLE "verifications"
  ALTER COLUMN "transaction_hash" TYPE BYTEA USING ctxlog_unhex("transaction_hash"),
  ALTER COLUMN "context_hash" TYPE BYTEA USING ctxlog_unhex("context_hash");

ALTER TABLE "chain_identity"
  ALTER COLUMN "genesis_hash" TYPE BYTEA USING ctxlog_unhex("genesis_hash");

-- What a reference renders from (first created by 20261130005000_context_references), with the
-- context's hashes and signature as they are stored: its readers (render-payloads.ts, for the API
-- and the webhook worker) turn them into 0x-hex, as every reader of a bytea hash does, rather than
-- this view in SQL. The other columns are as before. A view's column cannot change its type in
-- place: dropped and created again, in this migration's transaction.
DROP VIEW ctxlog_context_references;
CREATE VIEW ctxlog_context_references AS
SELECT c.id, c.agent_id, c.context_hash, c.signature, c.created_at, c.sequence, c.prev_entry_hash,
       c.entry_hash, c.canonical_data, c.data_erased_at,
       ctxlog_merkle_proof(a.merkle_tree, a.context_count, m.leaf_index) AS merkle_proof,
       m.leaf_index,
       a.id AS anchor_id, a.transaction_hash, a.block_number::text AS block_number, a.block_timestamp,
       a.confirmations, a.network, a.gas_used::text AS gas_used, a.confirmed_at, a.merkle_root,
       a.chain_id, a.registry_address
  FROM contexts AS c
  LEFT JOIN confirmed_contexts AS m ON m.id = c.id
  LEFT JOIN anchors AS a ON a.id = COALESCE(m.anchor_id, c.anchor_id);
