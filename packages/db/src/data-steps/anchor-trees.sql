/* @name anchorLeavesWithoutTree */
-- schema: 20261129120744_context_status_defined (its step runs right after it: docs/sql.md)
-- This step runs at its own migration's schema, where merkle_root is the 0x-hex text the service
-- wrote; migration 20261130031500_anchor_hashes_as_bytes stores it as bytes later, whose ::text is
-- \x and the same 64 hex digits. So the root is read as 0x and its last 64 characters: the same
-- 0x-hex on either schema (tree-proofs.test.ts runs the step on today's), and a string to pgTyped.
SELECT a.id, '0x' || right(a.merkle_root::text, 64) AS merkle_root, a.context_count,
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
