/* @name stuckAnchorsOf */
SELECT a.id, a.merkle_root, ctxlog_anchored_count(a.tree_size, a.context_count) AS "anchored_count!", a.chain_id, a.registry_address,
       t.hash, t.raw_transaction, t.nonce, t.gas_limit,
       t.max_fee_per_gas::text AS "max_fee!", t.max_priority_fee_per_gas::text AS "max_tip!"
  FROM anchors AS a
  JOIN LATERAL (
    SELECT * FROM anchor_transactions AS x
     WHERE x.anchor_id = a.id AND x.status <> 'abandoned'
     ORDER BY x.created_at DESC LIMIT 1
  ) AS t ON true
 WHERE a.signer_address = :signerAddress! AND a.status = 'sent'
   AND t.status = 'broadcast' AND t.broadcast_at < :before!
 ORDER BY t.nonce
 LIMIT :limit!;

/* @name touchBroadcastOf */
UPDATE anchor_transactions SET broadcast_at = now() WHERE hash = :hash!;

/* @name abandonLiveTransactions */
UPDATE anchor_transactions SET status = 'abandoned'
 WHERE anchor_id = :anchorId! AND status IN ('signed', 'broadcast');

/* @name liveTransactionsOf */
SELECT hash FROM anchor_transactions WHERE anchor_id = :anchorId! AND status <> 'abandoned';
