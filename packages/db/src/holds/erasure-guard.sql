/* @name lockLogsOfContexts */
-- The logs of the contexts about to be erased, FOR KEY SHARE, in one order so two erasures cannot
-- deadlock. Placing a hold takes the row FOR UPDATE (legal-holds.sql): a statement after this one
-- starts from a new snapshot, so it sees every hold committed before, and no hold can be placed
-- on these agents until the erasing transaction ends. KEY SHARE does not wait for the writes that
-- advance a log's head.
SELECT l.user_id, l.agent_id FROM agent_logs AS l
 WHERE (l.user_id, l.agent_id) IN (SELECT c.user_id, c.agent_id FROM contexts AS c WHERE c.id = ANY(:ids!::text[]))
 ORDER BY l.user_id, l.agent_id
   FOR KEY SHARE OF l;

/* @name lockAgentLog */
-- One agent's log FOR KEY SHARE, as lockLogsOfContexts: before activeHoldOfAgent, in its own statement.
SELECT 1 AS "locked!" FROM agent_logs WHERE user_id = :userId! AND agent_id = :agentId! FOR KEY SHARE;

/* @name activeHoldOfAgent */
SELECT id, reason, placed_at, placed_by FROM legal_holds
 WHERE user_id = :userId! AND agent_id = :agentId! AND ctxlog_hold_active(released_at)
 ORDER BY id LIMIT 1;

/* @name youngestKeptData */
-- The newest context of the agent whose data is kept, if it was received after :cutoff (ids are
-- minted at receipt, so :floor, an id a little before the cutoff, bounds the index range).
SELECT id, created_at FROM contexts
 WHERE user_id = :userId! AND agent_id = :agentId! AND id >= :floor! AND created_at > :cutoff!
   AND data_erased_at IS NULL
 ORDER BY id DESC LIMIT 1;

/* @name heldExpiredContexts */
-- Retention's report of what it left for legal holds: the contexts received before :before whose
-- data is kept, of agents held now or released since :releasedSince (a pass that skipped them may
-- have been running when the hold was released), of users `plans` selects (the index (user_id,
-- agent_id, id) per agent), with the oldest, where the next pass resumes so they are erased once
-- no hold keeps them.
SELECT count(*) AS "held!", min(c.id) AS first_id
  FROM (SELECT DISTINCT user_id, agent_id FROM legal_holds
         WHERE ctxlog_hold_active(released_at) OR released_at >= :releasedSince!) AS h
  JOIN users AS u ON u.id = h.user_id
  JOIN contexts AS c ON c.user_id = h.user_id AND c.agent_id = h.agent_id
 WHERE c.id < :before! AND c.data_erased_at IS NULL
   AND (:plans::text[] IS NULL OR u.plan = ANY(:plans::text[]))
   AND u.plan <> ALL(:exceptPlans!::text[]);
