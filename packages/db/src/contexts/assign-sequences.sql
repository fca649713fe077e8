/* @name lockLogHeads */
INSERT INTO agent_logs (user_id, agent_id, head_sequence, head_entry_hash, first_at, last_at)
SELECT l.user_id, l.agent_id, 0, :zeroEntryHash!::bytea, l.at, l.at
  FROM jsonb_to_recordset(:logs!::jsonb) AS l(user_id text, agent_id text, at timestamptz)
ON CONFLICT (user_id, agent_id) DO UPDATE SET last_at = agent_logs.last_at
RETURNING user_id, agent_id, head_sequence, head_entry_hash;
