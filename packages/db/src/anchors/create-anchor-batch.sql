/* @name takeClaimsLock */
-- Claims are taken one at a time per database (this transaction-scoped advisory lock): the next
-- claim's statements start after the previous one committed, so they see its anchor and leave its
-- contexts alone.
SELECT 1 AS locked FROM pg_advisory_xact_lock(:key!::bigint);

/* @name claimOldestLogged */
-- The oldest pending contexts (pending_contexts) that the transparency log holds below the tree
-- head about to be anchored (tlog_leaves, by log index: arrival order) and whose one signature is
-- their receipt's (EIP-712: what a version 4 bundle carries); those in a batch in flight (a few
-- batches' worth at most) are skipped through one hashed list of their ids.
SELECT q.id AS "id!"
  FROM pending_contexts AS q JOIN tlog_leaves AS l ON l.id = q.id JOIN contexts AS c ON c.id = q.id
 WHERE l.log_index < :treeSize!::bigint AND c.signature_scheme = 'EIP-712'
   AND q.id NOT IN (SELECT unnest(context_ids) FROM anchors
                     WHERE status = ANY(:inFlight!::"AnchorStatus"[]))
 ORDER BY l.log_index
 LIMIT :limit!;

/* @name claimLoggedIds */
SELECT q.id AS "id!"
  FROM pending_contexts AS q JOIN tlog_leaves AS l ON l.id = q.id JOIN contexts AS c ON c.id = q.id
 WHERE q.id = ANY(:ids!::text[]) AND l.log_index < :treeSize!::bigint AND c.signature_scheme = 'EIP-712'
   AND q.id NOT IN (SELECT unnest(context_ids) FROM anchors
                     WHERE status = ANY(:inFlight!::"AnchorStatus"[]))
 ORDER BY l.log_index;

/* @name claimOldestForBatchTree */
-- Pending contexts no version 4 bundle can carry are anchored as before, by their batch's own tree,
-- oldest first (pending_contexts, by id): those logged before logs were chained (no entry hash:
-- never in the transparency log; their leaf is ctxlog_context_leaf's, their context_hash: bundle
-- version 1) and those signed before receipts were their signature (EIP-191: version 2).
SELECT q.id, ctxlog_context_leaf(c.context_hash, c.entry_hash) AS "leaf!"
  FROM pending_contexts AS q JOIN contexts AS c ON c.id = q.id
 WHERE (c.entry_hash IS NULL OR c.signature_scheme <> 'EIP-712')
   AND q.id NOT IN (SELECT unnest(context_ids) FROM anchors
                     WHERE status = ANY(:inFlight!::"AnchorStatus"[]))
 ORDER BY q.id
 LIMIT :limit!;

/* @name claimIdsForBatchTree */
SELECT q.id, ctxlog_context_leaf(c.context_hash, c.entry_hash) AS "leaf!"
  FROM pending_contexts AS q JOIN contexts AS c ON c.id = q.id
 WHERE q.id = ANY(:ids!::text[]) AND (c.entry_hash IS NULL OR c.signature_scheme <> 'EIP-712')
   AND q.id NOT IN (SELECT unnest(context_ids) FROM anchors
                     WHERE status = ANY(:inFlight!::"AnchorStatus"[]))
 ORDER BY q.id;
