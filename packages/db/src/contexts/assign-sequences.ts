import { entryHash, type NewContext, ZERO_ENTRY_HASH } from "@ctxlog/core";

/** A context's place in its log. */
export interface ChainLink {
  sequence: number;
  prevEntryHash: string;
  entryHash: string;
}

/** A log's head as the write locked it. */
export interface LogHead {
  user_id: string;
  agent_id: string;
  head_sequence: number;
  head_entry_hash: string;
}

/** A log's head after a write, as ADVANCE_HEADS (context-rows.ts) takes it. */
export interface NewHead {
  user_id: string;
  agent_id: string;
  head_sequence: number;
  head_entry_hash: string;
  at: Date;
}

const logKey = (userId: string, agentId: string) => `${userId}\u0000${agentId}`;

// Creates missing heads and locks every head the write appends to, returning it as committed last:
// ON CONFLICT DO UPDATE takes the row lock and reads the latest version even under READ COMMITTED.
// $1 lists the logs sorted, so two writes lock shared heads in the same order (no deadlock).
export const LOCK_HEADS_SQL = `
  INSERT INTO agent_logs (user_id, agent_id, head_sequence, head_entry_hash, first_at, last_at)
  SELECT l.user_id, l.agent_id, 0, '${ZERO_ENTRY_HASH}', l.at, l.at
  FROM jsonb_to_recordset($1::jsonb) AS l(user_id text, agent_id text, at timestamptz)
  ON CONFLICT (user_id, agent_id) DO UPDATE SET last_at = agent_logs.last_at
  RETURNING user_id, agent_id, head_sequence, head_entry_hash`;

/** LOCK_HEADS_SQL's parameter: the logs the inputs append to, each once, sorted by key. */
export function logsJson(inputs: readonly NewContext[]): string {
  const logs = new Map<string, { user_id: string; agent_id: string; at: Date }>();
  for (const input of inputs) {
    const key = logKey(input.userId, input.agentId);
    if (!logs.has(key))
      logs.set(key, { user_id: input.userId, agent_id: input.agentId, at: input.createdAt });
  }
  const keys = [...logs.keys()].sort();
  return JSON.stringify(keys.map((key) => logs.get(key)));
}

/**
 * Each input's link after the locked heads, in input order (rows of one log take consecutive
 * sequences), and the heads they leave behind.
 */
export function linkEntries(
  inputs: readonly NewContext[],
  locked: readonly LogHead[],
): { links: ChainLink[]; newHeads: NewHead[] } {
  const tips = new Map<string, NewHead & { wrote: boolean }>();
  for (const head of locked)
    tips.set(logKey(head.user_id, head.agent_id), { ...head, at: new Date(0), wrote: false });
  const links = inputs.map((input): ChainLink => {
    const tip = tips.get(logKey(input.userId, input.agentId));
    if (!tip) throw new Error(`no locked head for log ${input.userId}/${input.agentId}`);
    const sequence = tip.head_sequence + 1;
    const prevEntryHash = tip.head_entry_hash;
    const { contextHash, userId, agentId } = input;
    const hash = entryHash({ contextHash, userId, agentId, sequence, prevEntryHash });
    tip.head_sequence = sequence;
    tip.head_entry_hash = hash;
    tip.wrote = true;
    if (input.createdAt > tip.at) tip.at = input.createdAt;
    return { sequence, prevEntryHash, entryHash: hash };
  });
  const newHeads = [...tips.values()]
    .filter((tip) => tip.wrote)
    .map(({ user_id, agent_id, head_sequence, head_entry_hash, at }) => ({
      user_id,
      agent_id,
      head_sequence,
      head_entry_hash,
      at,
    }));
  return { links, newHeads };
}
