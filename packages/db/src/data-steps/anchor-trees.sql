/* @name anchorLeavesWithoutTree */
SELECT a.id, a.merkle_root, a.context_count,
       array_agg(ctxlog_hex(COALESCE(c.entry_hash, c.context_hash)) ORDER BY b.n) AS "leaves!"
  FROM anchors AS a CROSS JOIN unnest(a.context_ids) WITH ORDINALITY AS b(id, n)
  JOIN contexts AS c ON c.id = b.id
 WHERE a.merkle_tree IS NULL AND a.status = ANY(:statuses!::"AnchorStatus"[]) AND a.id > :after!
 GROUP BY a.id
 ORDER BY a.id
 LIMIT :limit!;

/* @name keepAnchorTree */
UPDATE anchors SET merkle_tree = :tree! WHERE id = :id! AND merkle_tree IS NULL;

/* @name anchorsStillWithoutTree */
SELECT id FROM anchors
 WHERE merkle_tree IS NULL AND status = ANY(:statuses!::"AnchorStatus"[])
 ORDER BY id
 LIMIT 10;
