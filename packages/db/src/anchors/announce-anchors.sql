/* @name markAnnounced */
-- Whoever announces an anchor first is decided by this statement: a second announcer (another
-- replica, the tracker) waits on the row and then finds it announced. It takes the anchor's lock
-- first, as every path that changes a batch does (then its transactions, then its contexts).
UPDATE anchors SET sent_at = now(), updated_at = now()
 WHERE id = ANY(:ids!::text[]) AND sent_at IS NULL AND status IN ('sent', 'mined')
RETURNING id, transaction_hash;

/* @name pendingContextsOfAnchors */
SELECT a.id AS anchor_id, c.id, c.user_id, c.agent_id, c.context_hash, c.signature, c.created_at,
       c.estimated_confirmation, c.sequence, c.prev_entry_hash, c.entry_hash
  FROM anchors AS a CROSS JOIN unnest(a.context_ids) AS b(id)
  JOIN contexts AS c ON c.id = b.id
 CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
 WHERE a.id = ANY(:ids!::text[]) AND s.status = 'pending';
