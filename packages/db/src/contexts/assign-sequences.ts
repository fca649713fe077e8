import { entryHash, type NewContext, ZERO_ENTRY_HASH } from "@ctxlog/core";
import { bufferOfHex, hexOf } from "../hex-columns";
import type { ILockLogHeadsParams } from "./assign-sequences.queries";

/** A context's place in its log. */
export interface ChainLink {
  sequence: number;
  prevEntryHash: string;
  entryHash: string;
}

/** A log's head as the write locked it (lockLogHeads' row: the hash as its bytes). */
export interface LogHead {
  user_id: string;
  agent_id: string;
  head_sequence: number;
  head_entry_hash: Uint8Array;
}

/**
 * A log's head after a write, as receiveContexts (context-transitions.sql) takes it in its JSON
 * parameter: the hash as hex digits, which the statement decodes (JSON has no bytes).
 */
export interface NewHead {
  user_id: string;
  agent_id: string;
  head_sequence: number;
  head_entry_hash: string;
  at: Date;
}

const logKey = (userId: string, agentId: string) => `${userId}\u0000${agentId}`;

/**
 * lockLogHeads' parameters (assign-sequences.sql): the logs the inputs append to, each once, sorted
 * by key, and the head a new log starts from. The statement creates missing heads and locks every
 * head the write appends to, returning it as committed last (ON CONFLICT DO UPDATE takes the row
 * lock and reads the latest version even under READ COMMITTED); the logs come sorted, so two
 * writes lock shared heads in the same order (no deadlock).
 */
export function lockHeadsParams(inputs: readonly NewContext[]): ILockLogHeadsParams {
  return { logs: logsJson(inputs), zeroEntryHash: bufferOfHex(ZERO_ENTRY_HASH) };
}

function logsJson(inputs: readonly NewContext[]): string {
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
  // each tip's hash as 0x-hex (what entryHash takes) until the new heads are handed out
  const tips = new Map<string, NewHead & { wrote: boolean }>();
  for (const head of locked) {
    const tip = { ...head, head_entry_hash: hexOf(head.head_entry_hash), at: new Date(0), wrote: false };
    tips.set(logKey(head.user_id, head.agent_id), tip);
  }
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
      head_entry_hash: head_entry_hash.slice(2),
      at,
    }));
  return { links, newHeads };
}
