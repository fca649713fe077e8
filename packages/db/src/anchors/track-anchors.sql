/* @name anchorTransactionsOf */
SELECT hash, anchor_id AS "anchor_id!" FROM anchor_transactions WHERE hash = ANY(:hashes!::bytea[]);

/* @name markTransactionMined */
UPDATE anchor_transactions
   SET status = CASE WHEN hash = :hash! THEN 'mined' ELSE 'replaced' END::"AnchorTransactionStatus"
 WHERE anchor_id = :anchorId! AND (hash = :hash! OR status IN ('signed', 'broadcast'));

/* @name minedAnchorsOf */
SELECT id, block_number::text AS block_number, block_hash, reverted
  FROM anchors
 WHERE status = 'mined' AND chain_id = :chainId! AND registry_address = :registryAddress!;

/* @name rebroadcastTransactions */
UPDATE anchor_transactions SET status = 'broadcast', broadcast_at = now()
 WHERE anchor_id = :anchorId! AND status IN ('mined', 'replaced');

/* @name abandonUnsentTransactions */
UPDATE anchor_transactions SET status = 'abandoned' WHERE anchor_id = :anchorId! AND status = 'signed';

/* @name lowestOpenBroadcast */
SELECT min(t.broadcast_block)::text AS min
  FROM anchor_transactions AS t JOIN anchors AS a ON a.id = t.anchor_id
 WHERE a.status = 'sent' AND a.chain_id = :chainId! AND t.status IN ('signed', 'broadcast');
