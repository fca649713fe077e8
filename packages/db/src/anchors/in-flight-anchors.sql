/* @name inFlightPlacements */
SELECT b.id AS "id!", (b.n - 1)::int AS "leaf_index!",
       ctxlog_merkle_proof(a.merkle_tree, a.context_count, (b.n - 1)::int) AS proof
  FROM anchors AS a CROSS JOIN unnest(a.context_ids) WITH ORDINALITY AS b(id, n)
 WHERE a.id = ANY(:anchorIds!::text[]) AND b.id = ANY(:ids!::text[]);
