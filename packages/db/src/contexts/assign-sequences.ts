import { entryHash, type NewContext, ZERO_ENTRY_HASH } from "@ctxlog/core";
import { logKey } from "./log-heads";

/** Runs one SQL statement with positional parameters and returns its rows. */
export type RunSql = (sql: string, params: unknown[]) => Promise<unknown[]>;

/** A context's place in its log. */
export interface ChainLink {
  sequence: number;
  prevEntryHash: string;
  entryHash: string;
}

export interface LogHead {
  user_id: string;
  agent_id: string;
  head_sequence: number;
  head_entry_hash: string;
}

// Creates missing heads and locks every head the batch writes to, returning it as committed last:
// ON CONFLICT DO UPDATE takes the row lock and reads the latest version even under READ COMMITTED.
// The rows arrive sorted, so two batches lock shared heads in the same order.
const LOCK_HEADS_SQL = `
  INSERT INTO agent_logs (user_id, agent_id, head_sequence, head_entry_hash, first_at, last_at)
  SELECT l.user_id, l.agent_id, 0, '${ZERO_ENTRY_HASH}', l.at, l.at
  FROM jsonb_to_recordset($1::jsonb) AS l(user_id text, agent_id text, at timestamptz)
  ON CONFLICT (user_id, agent_id) DO UPDATE SET last_at = agent_logs.last_at
  RETURNING user_id, agent_id, head_sequence, head_entry_hash`;

/** The logs the inputs write to, each once, sorted by key (the order their heads are locked in). */
export function logsOf(
  inputs: readonly NewContext[],
): { key: string; user_id: string; agent_id: string; at: Date }[] {
  const logs = new Map<string, { key: string; user_id: string; agent_id: string; at: Date }>();
  for (const input of inputs) {
    const key = logKey(input.userId, input.agentId);
    if (!logs.has(key))
      logs.set(key, { key, user_id: input.userId, agent_id: input.agentId, at: input.createdAt });
  }
  return [...logs.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Locks (creating when missing) the head of every log the inputs write to. */
export async function lockLogHeads(
  sql: RunSql,
  inputs: readonly NewContext[],
): Promise<Map<string, LogHead>> {
  const sorted = logsOf(inputs).map(({ user_id, agent_id, at }) => ({ user_id, agent_id, at }));
  const rows = (await sql(LOCK_HEADS_SQL, [JSON.stringify(sorted)])) as LogHead[];
  return new Map(rows.map((row) => [logKey(row.user_id, row.agent_id), row]));
}

/** A log's head after a write: `expected` is the head sequence the write numbered after. */
export interface NewHead {
  key: string;
  user_id: string;
  agent_id: string;
  expected: number;
  head_sequence: number;
  head_entry_hash: string;
  at: Date;
}

/** Each input's link after the locked heads, in input order, and the heads they leave behind. */
export function linkEntries(
  inputs: readonly NewContext[],
  heads: Map<string, LogHead>,
): {
  links: ChainLink[];
  newHeads: NewHead[];
} {
  const tips = new Map<string, { sequence: number; hash: string; at: Date }>();
  const links = inputs.map((input): ChainLink => {
    const key = logKey(input.userId, input.agentId);
    let tip = tips.get(key);
    if (!tip) {
      const head = heads.get(key);
      if (!head) throw new Error(`no locked head for log ${input.userId}/${input.agentId}`);
      tip = { sequence: head.head_sequence, hash: head.head_entry_hash, at: input.createdAt };
      tips.set(key, tip);
    }
    const sequence = tip.sequence + 1;
    const prevEntryHash = tip.hash;
    const hash = entryHash({
      contextHash: input.contextHash,
      userId: input.userId,
      agentId: input.agentId,
      sequence,
      prevEntryHash,
    });
    tip.sequence = sequence;
    tip.hash = hash;
    if (input.createdAt > tip.at) tip.at = input.createdAt;
    return { sequence, prevEntryHash, entryHash: hash };
  });
  const newHeads = [...tips.entries()].map(([key, tip]) => {
    const head = heads.get(key) as LogHead;
    return {
      key,
      user_id: head.user_id,
      agent_id: head.agent_id,
      expected: head.head_sequence,
      head_sequence: tip.sequence,
      head_entry_hash: tip.hash,
      at: tip.at,
    };
  });
  return { links, newHeads };
}
