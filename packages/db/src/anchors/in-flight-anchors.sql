/* @name inFlightPlacements */
-- a leaf is the context's place in its batch's tree, or in the log when the anchor is a tree head
-- (tlog_leaves: a context in a batch in flight is pending, its log index not yet moved)
SELECT p.id AS "id!", p.leaf_index AS "leaf_index!",
       ctxlog_anchor_proof(a.merkle_tree, a.context_count, a.tree_size, p.leaf_index) AS proof
  FROM anchors AS a CROSS JOIN unnest(a.context_ids) WITH ORDINALITY AS b(id, n)
 CROSS JOIN LATERAL (
   SELECT b.id, CASE WHEN a.tree_size IS NULL THEN (b.n - 1)::int
                     ELSE (SELECT l.log_index::int FROM tlog_leaves AS l WHERE l.id = b.id) END AS leaf_index
 ) AS p
 WHERE a.id = ANY(:anchorIds!::text[]) AND b.id = ANY(:ids!::text[]);

/* @name inFlightAnchorsHolding */
-- the in-flight statuses are anchor-transitions' (@ctxlog/core ANCHOR_IN_FLIGHT_STATUSES)
SELECT x AS "context_id!", a.id AS anchor_id
  FROM anchors AS a CROSS JOIN unnest(a.context_ids) AS x
 WHERE a.status = ANY(:inFlight!::"AnchorStatus"[]) AND a.context_ids && :ids!::text[]
   AND x = ANY(:ids!::text[]);

/* @name anchorViewsOf */
-- every column but context_ids, merkle_tree and ref (context-view.ts' ANCHOR_OMIT)
SELECT id, signer_address, chain_id, network, registry_address, merkle_root, context_count,
       tree_size::text AS tree_size, status,
       nonce, transaction_hash, block_number::text AS block_number, block_hash, block_timestamp,
       gas_used::text AS gas_used, effective_gas_price::text AS effective_gas_price, confirmations,
       reverted, send_attempts, next_attempt_at, first_error_at, last_error, failure_reason, sent_at,
       mined_at, confirmed_at, failed_at, created_at, updated_at
  FROM anchors
 WHERE id = ANY(:ids!::text[]);
