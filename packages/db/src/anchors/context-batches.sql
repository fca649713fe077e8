/* @name placementsOf */
SELECT c.id, s.status AS "status!", a.id AS anchor_id, m.leaf_index,
       ctxlog_log_index(l.log_index, a.tree_size, m.leaf_index)::text AS log_index,
       CASE WHEN :withProofs!::boolean
            THEN ctxlog_anchor_proof(a.merkle_tree, a.context_count, a.tree_size, m.leaf_index) END AS proof
  FROM contexts AS c
 CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
  LEFT JOIN confirmed_contexts AS m ON m.id = c.id
  LEFT JOIN anchors AS a ON a.ref = m.anchor_ref
  LEFT JOIN tlog_leaves AS l ON l.id = c.id
 WHERE c.id = ANY(:ids!::text[]);
