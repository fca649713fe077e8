/* @name touchLiveSession */
UPDATE sessions SET last_seen_at = :now!
 WHERE id = :sessionId! AND revoked_at IS NULL AND last_seen_at < :seenBefore!
RETURNING id;
