/* @name contextStatesOf */
SELECT c.id, s.status AS "status!", COALESCE(m.anchor_id, c.anchor_id) AS "anchorId"
  FROM contexts AS c
 CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
  LEFT JOIN confirmed_contexts AS m ON m.id = c.id
 WHERE c.id = ANY(:ids!::text[])
 ORDER BY c.id;
