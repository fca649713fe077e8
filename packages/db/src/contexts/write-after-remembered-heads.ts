import type { NewContext } from "@ctxlog/core";
import type { pgPoolOf } from "../client";
import { type LogHead, linkEntries, lockLogHeads, type NewHead } from "./assign-sequences";
import {
  ADVANCE_HEADS,
  headsJson,
  INSERT_COLUMNS,
  INSERT_SELECT,
  pendingContextRow,
  toRecord,
} from "./context-rows";
import type { Context } from "./context-view";
import { type LogHeadCache, logKey } from "./log-heads";

export type Pool = NonNullable<ReturnType<typeof pgPoolOf>>;

// One statement, no transaction around it: lock the heads (sorted, as lockLogHeads does), and only
// if each is still at the sequence the rows were numbered after, insert the rows and advance the
// heads. Otherwise nothing is written, and the answer carries the heads as they are. The unique
// (user_id, agent_id, sequence) index stays the last guard.
const INSERT_IF_HEADS_SQL = `
  WITH locked AS (
    SELECT a.user_id, a.agent_id, a.head_sequence, a.head_entry_hash FROM agent_logs a
    WHERE (a.user_id, a.agent_id) IN (
      SELECT e.user_id, e.agent_id FROM jsonb_to_recordset($2::jsonb) AS e(user_id text, agent_id text))
    ORDER BY a.user_id, a.agent_id FOR UPDATE),
  ready AS (
    SELECT count(*) = $3::int AS ok FROM locked l
    JOIN jsonb_to_recordset($2::jsonb) AS e(user_id text, agent_id text, expected int)
      ON e.user_id = l.user_id AND e.agent_id = l.agent_id AND e.expected = l.head_sequence),
  inserted AS (INSERT INTO contexts (${INSERT_COLUMNS}) ${INSERT_SELECT}, ready WHERE ready.ok),
  heads AS (${ADVANCE_HEADS} AND (SELECT ok FROM ready))
  SELECT r.ok, l.user_id, l.agent_id, l.head_sequence, l.head_entry_hash
  FROM ready r LEFT JOIN locked l ON NOT r.ok`;

/** The heads as a write numbers after them: the remembered ones, or undefined if one is not. */
function rememberedHeads(inputs: readonly NewContext[], heads: LogHeadCache) {
  const known = new Map<string, LogHead>();
  for (const input of inputs) {
    const key = logKey(input.userId, input.agentId);
    if (known.has(key)) continue;
    const head = heads.get(key);
    if (!head) return undefined;
    known.set(key, {
      user_id: input.userId,
      agent_id: input.agentId,
      head_sequence: head.sequence,
      head_entry_hash: head.entryHash,
    });
  }
  return known;
}

export function rememberHead(
  heads: LogHeadCache,
  head: Pick<NewHead, "key" | "head_sequence" | "head_entry_hash">,
) {
  heads.set(head.key, { sequence: head.head_sequence, entryHash: head.head_entry_hash });
}

/**
 * Writes the rows after the heads this process remembers, in one statement, reading (and
 * creating) the heads first when one is not remembered. Undefined when another process moved one
 * of the heads meanwhile: nothing was written then, and the heads it found are remembered for the
 * next try.
 */
export async function writeAfterRememberedHeads(
  pool: Pool,
  inputs: readonly NewContext[],
  keys: readonly string[],
  heads: LogHeadCache,
): Promise<Context[] | undefined> {
  let known = rememberedHeads(inputs, heads);
  if (!known) {
    // outside a transaction the heads' locks last only for this statement: a plain read that
    // creates the heads still missing
    known = await lockLogHeads(async (sql, params) => (await pool.query(sql, params)).rows, inputs);
    for (const [key, head] of known) rememberHead(heads, { key, ...head });
  }
  const { links, newHeads } = linkEntries(inputs, known);
  const rows = inputs.map((input, i) => pendingContextRow(input, links[i]));
  const result = await pool.query(INSERT_IF_HEADS_SQL, [
    JSON.stringify(rows.map(toRecord)),
    headsJson(newHeads),
    keys.length,
  ]);
  const [first] = result.rows as (LogHead & { ok: boolean })[];
  if (first?.ok === true) {
    for (const head of newHeads) rememberHead(heads, head);
    return rows;
  }
  for (const key of keys) heads.forget(key);
  for (const head of result.rows as (LogHead & { ok: boolean })[])
    if (head.user_id !== null) rememberHead(heads, { key: logKey(head.user_id, head.agent_id), ...head });
  return undefined;
}
