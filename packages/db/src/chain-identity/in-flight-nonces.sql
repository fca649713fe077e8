/* @name inFlightAnchorsOf */
SELECT a.id, a.merkle_root, ctxlog_anchored_count(a.tree_size, a.context_count) AS "anchored_count!", a.chain_id, a.registry_address, a.nonce AS "nonce!",
       max(t.gas_limit) AS "gas_limit!", max(t.max_fee_per_gas)::text AS "max_fee!",
       max(t.max_priority_fee_per_gas)::text AS "max_tip!",
       max(t.broadcast_at) AS broadcast_at, min(t.broadcast_block)::text AS broadcast_block
  FROM anchors AS a
  JOIN anchor_transactions AS t ON t.anchor_id = a.id AND t.status IN ('signed', 'broadcast')
 WHERE a.signer_address = :signerAddress! AND a.status = 'sent' AND a.nonce IS NOT NULL
 GROUP BY a.id
 ORDER BY a.nonce, a.id;

/* @name lockAnchors */
-- anchor rows first, then their transactions: the order every path that changes a batch uses
SELECT id FROM anchors WHERE id = ANY(:ids!::text[]) ORDER BY id FOR UPDATE;

/* @name abandonLiveTransactionsOf */
UPDATE anchor_transactions SET status = 'abandoned'
 WHERE anchor_id = ANY(:ids!::text[]) AND status IN ('signed', 'broadcast');

/* @name moveAnchorsToNonces */
UPDATE anchors AS a SET nonce = v.nonce, transaction_hash = v.hash, updated_at = now()
  FROM unnest(:ids!::text[], :hashes!::bytea[], :nonces!::int[]) AS v(id, hash, nonce)
 WHERE a.id = v.id AND a.status = 'sent';
