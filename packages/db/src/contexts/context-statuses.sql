/* @name contextStatesOf */
-- its batch: the one it was confirmed in (by ref), else the one its row failed in
SELECT c.id, s.status AS "status!", COALESCE(a.id, c.anchor_id) AS "anchorId"
  FROM contexts AS c
 CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
  LEFT JOIN confirmed_contexts AS m ON m.id = c.id
  LEFT JOIN anchors AS a ON a.ref = m.anchor_ref
 WHERE c.id = ANY(:ids!::text[])
 ORDER BY c.id;
