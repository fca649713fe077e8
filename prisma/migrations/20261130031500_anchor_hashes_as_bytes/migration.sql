-- One type for 32-byte hashes (issue 37, item 2), the last of them: an anchor's Merkle root, its
-- latest transaction's hash and its block's hash, and each anchor transaction's hash, kept as 0x-hex
-- text until now, become their bytes, as contexts' (20261127194803_context_hashes_as_bytes) and
-- agent_logs', verifications' and chain_identity's (20261130010108_hashes_as_bytes) did: 67 bytes
-- of text each, 33 as bytea. The API, the events and the chain worker still see 0x-hex: the db
-- package turns the bytes into hex where it reads them (hex-columns.ts), once.
--
-- In place, in this release (DESIGN.md, "Stored forms"): every value was written by the service as
-- 0x followed by 64 hex digits (a root @ctxlog/core computed, a transaction hash viem computed from
-- the signed transaction, a block hash the node's receipt gave), so ctxlog_unhex takes each back
-- exactly; a value that is not hex stops the migration in its ALTER, and one that is not 32 bytes
-- in the check that follows it, rather than being stored as something else. The check is made
-- once, here, and not kept as a CHECK constraint: Prisma's schema engine cannot read one (its
-- describer panics, which breaks the drift check; see 20261129200000_one_event_form). Each ALTER
-- rewrites its table and rebuilds its indexes (anchor_transactions' primary key,
-- anchors_transaction_hash_idx) on the new type under an exclusive lock.

-- What a reference renders from reads a.transaction_hash and a.merkle_root: a view's column cannot
-- change its type in place, so it is dropped here and created again below, in this migration's
-- transaction.
DROP VIEW ctxlog_context_references;

ALTER TABLE "anchors"
  ALTER COLUMN "merkle_root" TYPE BYTEA USING ctxlog_unhex("merkle_root"),
  ALTER COLUMN "transaction_hash" TYPE BYTEA USING ctxlog_unhex("transaction_hash"),
  ALTER COLUMN "block_hash" TYPE BYTEA USING ctxlog_unhex("block_hash");

ALTER TABLE "anchor_transactions"
  ALTER COLUMN "hash" TYPE BYTEA USING ctxlog_unhex("hash");

DO $$
DECLARE
  odd text;
BEGIN
  SELECT 'anchor ' || id INTO odd FROM "anchors"
   WHERE octet_length("merkle_root") <> 32 OR octet_length("transaction_hash") <> 32
      OR octet_length("block_hash") <> 32
   LIMIT 1;
  IF odd IS NULL THEN
    SELECT 'anchor transaction ' || ctxlog_hex("hash") INTO odd FROM "anchor_transactions"
     WHERE octet_length("hash") <> 32
     LIMIT 1;
  END IF;
  IF odd IS NOT NULL THEN
    RAISE EXCEPTION '% holds a hash that is not 32 bytes: not storing it as something else', odd;
  END IF;
END $$;

-- As 20261130010108_hashes_as_bytes created it, with the anchor's transaction hash and Merkle root
-- as they are now stored, bytes: its readers (render-payloads.ts, for the API and the webhook
-- worker) turn them into 0x-hex, as they do the context's hashes.
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
