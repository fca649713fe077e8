/* @name agentEntriesPage */
WITH sized AS (
  SELECT c.sequence, sum(ctxlog_canonical_bytes(c.canonical_data)) OVER (ORDER BY c.sequence) AS running
    FROM contexts AS c
   WHERE c.user_id = :userId! AND c.agent_id = :agentId! AND c.sequence > :after!
     AND (:toSequence::int IS NULL OR c.sequence <= :toSequence)
     AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)
   ORDER BY c.sequence
   LIMIT :maxRows!),
page AS (
  SELECT GREATEST(min(sequence), max(sequence) FILTER (WHERE COALESCE(running, 0) <= :pageBytes!)) AS last
    FROM sized)
-- the page's bound as a scalar subquery: computed once (an InitPlan), then one index range. Joined as
-- a relation instead, a planner without fresh statistics chose a nested loop that recomputed it for
-- every row after the page (bench:evidence on 100,000 rows not yet analyzed: a page ran minutes)
SELECT c.* FROM contexts AS c
 WHERE c.user_id = :userId! AND c.agent_id = :agentId! AND c.sequence > :after!
   AND c.sequence <= (SELECT last FROM page)
   AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)
 ORDER BY c.sequence;

/* @name measureAgentEntryBytes */
SELECT sum(ctxlog_canonical_bytes(c.canonical_data)) AS bytes FROM contexts AS c
 WHERE c.user_id = :userId! AND c.agent_id = :agentId! AND c.sequence >= :fromSequence!
   AND (:toSequence::int IS NULL OR c.sequence <= :toSequence)
   AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys);
