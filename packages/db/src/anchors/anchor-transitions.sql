/* @name claimAnchor */
INSERT INTO anchors (id, signer_address, chain_id, network, registry_address, merkle_root,
  context_count, context_ids, merkle_tree, status, updated_at)
VALUES (:id!, :signerAddress!, :chainId!, :network!, :registryAddress!, :merkleRoot!,
  :contextCount!, :contextIds!::text[], :merkleTree!, :to!::"AnchorStatus", now());

/* @name claimTreeHeadAnchor */
-- the log's tree head: no tree of its own, its count the log's size (ctxlog_anchored_count)
INSERT INTO anchors (id, signer_address, chain_id, network, registry_address, merkle_root,
  context_count, context_ids, tree_size, status, updated_at)
VALUES (:id!, :signerAddress!, :chainId!, :network!, :registryAddress!, :merkleRoot!,
  :contextCount!, :contextIds!::text[], :treeSize!::bigint, :to!::"AnchorStatus", now());

/* @name sendAnchors */
UPDATE anchors AS a
   SET status = CASE WHEN a.status = ANY(:from!::"AnchorStatus"[]) THEN :to!::"AnchorStatus" ELSE a.status END,
       nonce = v.nonce, transaction_hash = v.hash, updated_at = now()
  FROM unnest(:ids!::text[], :hashes!::bytea[], :nonces!::int[]) AS v(id, hash, nonce)
 WHERE a.id = v.id;

/* @name requeueAnchors */
UPDATE anchors AS a
   SET status = :to!::"AnchorStatus", nonce = NULL, transaction_hash = NULL,
       send_attempts = a.send_attempts + CASE WHEN :countsAttempt!::boolean THEN 1 ELSE 0 END,
       first_error_at = CASE WHEN :countsAttempt!::boolean THEN coalesce(a.first_error_at, now())
                             ELSE a.first_error_at END,
       next_attempt_at = now() + make_interval(secs => :delaySeconds!::float8),
       last_error = :error!, updated_at = now()
 WHERE a.id = ANY(:ids!::text[]) AND a.status = ANY(:from!::"AnchorStatus"[])
   AND NOT EXISTS (SELECT 1 FROM anchor_transactions AS t
                    WHERE t.anchor_id = a.id AND t.status <> 'abandoned')
RETURNING a.id;

/* @name mineAnchor */
UPDATE anchors
   SET status = :to!::"AnchorStatus", transaction_hash = :transactionHash!,
       block_number = :blockNumber!::bigint, block_hash = :blockHash!, block_timestamp = :blockTimestamp!,
       gas_used = :gasUsed!::bigint, effective_gas_price = :effectiveGasPrice::numeric,
       reverted = :reverted!, mined_at = now(), updated_at = now()
 WHERE id = :anchorId! AND status = ANY(:from!::"AnchorStatus"[])
RETURNING id;

/* @name unmineAnchor */
UPDATE anchors
   SET status = :to!::"AnchorStatus", block_number = NULL, block_hash = NULL, block_timestamp = NULL,
       gas_used = NULL, effective_gas_price = NULL, reverted = false, mined_at = NULL, updated_at = now()
 WHERE id = :anchorId! AND status = ANY(:from!::"AnchorStatus"[]) AND block_hash = :blockHash!
RETURNING id;

/* @name confirmAnchorRow */
UPDATE anchors
   SET status = :to!::"AnchorStatus", confirmations = :confirmations!, confirmed_at = now(), updated_at = now()
 WHERE id = :anchorId! AND status = ANY(:from!::"AnchorStatus"[]) AND block_hash = :blockHash! AND NOT reverted
RETURNING id;

/* @name failAnchorRow */
UPDATE anchors
   SET status = :to!::"AnchorStatus", failed_at = now(), failure_reason = :reason!, last_error = :error!,
       updated_at = now()
 WHERE id = :anchorId! AND status = ANY(:from!::"AnchorStatus"[])
RETURNING id;
