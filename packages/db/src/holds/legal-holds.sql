/* @name lockAgentLogForHold */
-- FOR UPDATE: an erasure takes this row FOR KEY SHARE before it looks for holds (erasure-guard.sql),
-- so it waits for this transaction and then sees the hold (or ran before and committed first).
SELECT 1 AS "locked!" FROM agent_logs WHERE user_id = :userId! AND agent_id = :agentId! FOR UPDATE;

/* @name insertLegalHold */
INSERT INTO legal_holds (id, user_id, agent_id, reason, placed_at, placed_by)
VALUES (:id!, :userId!, :agentId!, :reason!, :placedAt!, :placedBy!)
RETURNING id, agent_id, reason, placed_at, placed_by, released_at, released_by;

/* @name holdsOfAgent */
SELECT id, agent_id, reason, placed_at, placed_by, released_at, released_by
  FROM legal_holds
 WHERE user_id = :userId! AND agent_id = :agentId! AND (:after::text IS NULL OR id < :after)
 ORDER BY id DESC
 LIMIT :limit!;

/* @name releaseLegalHold */
-- A hold released already keeps its first release (who and when): releasing again changes nothing.
UPDATE legal_holds
   SET released_at = COALESCE(released_at, :at!), released_by = COALESCE(released_by, :by!)
 WHERE id = :id! AND user_id = :userId! AND agent_id = :agentId!
RETURNING id, agent_id, reason, placed_at, placed_by, released_at, released_by;

/* @name holdsOverlapping */
SELECT id, agent_id, reason, placed_at, placed_by, released_at, released_by
  FROM legal_holds
 WHERE user_id = :userId! AND agent_id = :agentId! AND placed_at < :to!
   AND (ctxlog_hold_active(released_at) OR released_at >= :from!)
 ORDER BY id;
