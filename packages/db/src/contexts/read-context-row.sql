/* @name readPlacedContext */
SELECT c.*, s.status AS "placed_status!", a.id AS "placed_anchor_id?",
       m.leaf_index AS "placed_leaf_index?",
       ctxlog_log_index(l.log_index, a.tree_size, m.leaf_index)::text AS "placed_log_index?",
       ctxlog_anchor_proof(a.merkle_tree, a.context_count, a.tree_size, m.leaf_index) AS placed_proof
  FROM contexts AS c
 CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
  LEFT JOIN confirmed_contexts AS m ON m.id = c.id
  LEFT JOIN anchors AS a ON a.ref = m.anchor_ref
  LEFT JOIN tlog_leaves AS l ON l.id = c.id
 WHERE c.id = :contextId! AND c.user_id = :userId!
   AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys);
