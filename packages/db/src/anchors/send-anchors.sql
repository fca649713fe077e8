/* @name queuedAnchorsOf */
-- anchors (status, signer_address, created_at) answers it in order
SELECT id, merkle_root, ctxlog_anchored_count(tree_size, context_count) AS "anchored_count!", chain_id, registry_address, send_attempts, first_error_at,
       last_error
  FROM anchors
 WHERE signer_address = :signerAddress! AND status = 'queued' AND next_attempt_at <= now()
 ORDER BY created_at
 LIMIT :limit!;

/* @name highestLiveNonce */
SELECT max(nonce) AS max
  FROM anchor_transactions
 WHERE signer_address = :signerAddress! AND status <> 'abandoned';

/* @name insertSignedTransactionRows */
-- broadcast_block is the head read before signing, stored now and not at broadcast: a process
-- killed between the node accepting a transaction and recording it must still have its successor
-- look for the receipt from there on
INSERT INTO anchor_transactions (hash, anchor_id, signer_address, nonce, raw_transaction, gas_limit,
  max_fee_per_gas, max_priority_fee_per_gas, broadcast_block)
SELECT v.hash, v.anchor_id, :signerAddress!, v.nonce, v.raw, v.gas_limit, v.max_fee, v.max_tip,
       :headBlock!::bigint
  FROM unnest(:hashes!::bytea[], :anchorIds!::text[], :nonces!::int[], :raws!::text[],
              :gasLimits!::int[], :maxFees!::numeric[], :maxTips!::numeric[])
       AS v(hash, anchor_id, nonce, raw, gas_limit, max_fee, max_tip);

/* @name lockAnchorsOfTransactions */
-- Every path that changes an anchor and its rows locks in one order, anchor first, then its
-- transactions, then its contexts (the tracker's recordAnchorMined, confirmAnchor and failAnchor
-- start from the anchor too): a broadcast being recorded while the tracker sees the same batch
-- mined waits instead of deadlocking on thousands of rows.
SELECT a.id
  FROM anchors AS a
 WHERE a.id IN (SELECT t.anchor_id FROM anchor_transactions AS t WHERE t.hash = ANY(:hashes!::bytea[]))
 ORDER BY a.id
   FOR UPDATE OF a;

/* @name markTransactionsBroadcastOf */
UPDATE anchor_transactions
   SET status = 'broadcast', broadcast_at = now(), broadcast_block = coalesce(broadcast_block, :headBlock!::bigint)
 WHERE hash = ANY(:hashes!::bytea[]) AND status = 'signed'
RETURNING hash, anchor_id;

/* @name abandonSignedTransactions */
UPDATE anchor_transactions SET status = 'abandoned'
 WHERE hash = ANY(:hashes!::bytea[]) AND status = 'signed'
RETURNING anchor_id, hash;

/* @name postponeQueuedAnchors */
UPDATE anchors
   SET send_attempts = send_attempts + 1,
       next_attempt_at = now() + make_interval(secs => :delaySeconds!::float8),
       first_error_at = coalesce(first_error_at, now()), last_error = :error!, updated_at = now()
 WHERE id = ANY(:ids!::text[]) AND status = 'queued';

/* @name unbroadcastTransactionsOf */
SELECT t.hash, t.raw_transaction, t.anchor_id, t.nonce, t.created_at
  FROM anchor_transactions AS t JOIN anchors AS a ON a.id = t.anchor_id
 WHERE t.signer_address = :signerAddress! AND t.status = 'signed' AND a.status IN ('sent', 'mined')
 ORDER BY t.nonce
 LIMIT :limit!;
