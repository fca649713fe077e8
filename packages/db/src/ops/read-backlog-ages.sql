/* @name oldestPendingContext */
-- the head of the queue: ids are minted at receipt, in time order
SELECT c.created_at
  FROM pending_contexts AS q JOIN contexts AS c ON c.id = q.id
 ORDER BY q.id
 LIMIT 1;

/* @name oldestAnchorIn */
-- anchors (status, signer, created_at) answers it from the index's head for each status
SELECT min(created_at) AS created_at
  FROM anchors
 WHERE status = ANY(:statuses!::"AnchorStatus"[]);
