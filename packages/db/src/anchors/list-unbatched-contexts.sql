/* @name unbatchedContextIds */
-- pending contexts in a batch in flight are skipped through one hashed list of their ids
SELECT q.id
  FROM pending_contexts AS q JOIN contexts AS c ON c.id = q.id
 WHERE q.id > :afterId!
   AND q.id NOT IN (SELECT unnest(context_ids) FROM anchors
                     WHERE status = ANY(:inFlight!::"AnchorStatus"[]))
   AND c.created_at < :createdBefore!
 ORDER BY q.id
 LIMIT :limit!;

/* @name unbatchedAmong */
SELECT id
  FROM pending_contexts
 WHERE id = ANY(:ids!::text[])
   AND id NOT IN (SELECT unnest(context_ids) FROM anchors
                   WHERE status = ANY(:inFlight!::"AnchorStatus"[]));
