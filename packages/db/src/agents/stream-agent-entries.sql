/* @name agentEntriesPage */
WITH sized AS (
  SELECT c.sequence, sum(ctxlog_canonical_bytes(c.canonical_data)) OVER (ORDER BY c.sequence) AS running
    FROM contexts AS c
   WHERE c.user_id = :userId! AND c.agent_id = :agentId! AND c.sequence > :after!
     AND (:toSequence::int IS NULL OR c.sequence <= :toSequence)
     AND ctxlog_reader_sees(c.visibility, c.key_family_id, :onlyVisibility, :onlyFamily)
   ORDER BY c.sequence
   LIMIT :maxRows!),
page AS (
  SELECT GREATEST(min(sequence), max(sequence) FILTER (WHERE COALESCE(running, 0) <= :pageBytes!)) AS last
    FROM sized)
SELECT c.* FROM contexts AS c, page
 WHERE c.user_id = :userId! AND c.agent_id = :agentId! AND c.sequence > :after! AND c.sequence <= page.last
   AND ctxlog_reader_sees(c.visibility, c.key_family_id, :onlyVisibility, :onlyFamily)
 ORDER BY c.sequence;

/* @name measureAgentEntryBytes */
SELECT sum(ctxlog_canonical_bytes(c.canonical_data)) AS bytes FROM contexts AS c
 WHERE c.user_id = :userId! AND c.agent_id = :agentId! AND c.sequence >= :fromSequence!
   AND (:toSequence::int IS NULL OR c.sequence <= :toSequence)
   AND ctxlog_reader_sees(c.visibility, c.key_family_id, :onlyVisibility, :onlyFamily);
