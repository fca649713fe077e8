import { idFloor } from "@ctxlog/core";
import { type ContextReader, readerScopeSql } from "../contexts/reader-scope";
import { pageOf } from "../page";
import type { DbOrTx } from "../prisma-types";

/** One agent's log as the reader may see it. */
export interface AgentLogSummary {
  agentId: string;
  /** the highest sequence the reader sees (the log's head for full and read-only keys) */
  headSequence: number;
  headEntryHash: string;
  entries: number;
  pending: number;
  confirmed: number;
  failed: number;
  firstAt: Date;
  lastAt: Date;
}

/**
 * Only logs with an entry the reader may read received in [$5, $6): one probe of
 * contexts (user_id, agent_id, id) per log, ids being time-ordered.
 */
function activeSql(reader: ContextReader, active: boolean): string {
  if (!active) return "";
  return `AND EXISTS (SELECT 1 FROM contexts a WHERE a.user_id = l.user_id AND a.agent_id = l.agent_id
    AND a.sequence IS NOT NULL AND ($5::text IS NULL OR a.id >= $5) AND ($6::text IS NULL OR a.id < $6)
    ${readerScopeSql(reader, "a")})`;
}

/**
 * The reader's agent logs in agent_id order, a page at a time (keyset on agent_id), or one log
 * (`agentId`). Counted over the chained contexts the reader may read, so a public or restricted
 * key learns nothing of entries it cannot read: a log with none of those is not listed.
 */
export async function listAgentLogs(
  db: DbOrTx,
  reader: ContextReader,
  query: {
    limit: number;
    after?: string;
    agentId?: string;
    /** only logs with an entry received in this window (the counts stay the whole log's) */
    activeAfter?: Date;
    activeBefore?: Date;
  },
) {
  // $1 user, $2 key family (when scoped), $3 after / agent id, $4 limit, $5 / $6 the active window
  const active = query.activeAfter !== undefined || query.activeBefore !== undefined;
  const match =
    query.agentId !== undefined ? "AND l.agent_id = $3" : "AND ($3::text IS NULL OR l.agent_id > $3)";
  const rows = await db.$queryRawUnsafe<
    {
      agent_id: string;
      head_sequence: number;
      entries: bigint;
      pending: bigint;
      confirmed: bigint;
      failed: bigint;
      first_at: Date;
      last_at: Date;
      head_entry_hash: string;
    }[]
  >(
    `WITH seen AS (
       SELECT l.agent_id, max(c.sequence) AS head_sequence, count(*) AS entries,
         count(*) FILTER (WHERE s.status = 'pending') AS pending,
         count(*) FILTER (WHERE s.status = 'confirmed') AS confirmed,
         count(*) FILTER (WHERE s.status = 'failed') AS failed,
         min(c.created_at) AS first_at, max(c.created_at) AS last_at
       FROM agent_logs l
       JOIN contexts c ON c.user_id = l.user_id AND c.agent_id = l.agent_id AND c.sequence IS NOT NULL
       CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
       WHERE l.user_id = $1 ${match} ${readerScopeSql(reader)} ${activeSql(reader, active)}
         AND ($2::text IS NOT NULL OR true) AND ($5::text IS NOT NULL OR $6::text IS NOT NULL OR true)
       GROUP BY l.agent_id
       ORDER BY l.agent_id
       LIMIT $4)
     SELECT s.*, ctxlog_hex(h.entry_hash) AS head_entry_hash FROM seen s
     JOIN contexts h ON h.user_id = $1 AND h.agent_id = s.agent_id AND h.sequence = s.head_sequence
     ORDER BY s.agent_id`,
    reader.userId,
    reader.keyFamilyId,
    query.agentId ?? query.after ?? null,
    query.limit + 1,
    query.activeAfter ? idFloor("ctx", query.activeAfter) : null,
    query.activeBefore ? idFloor("ctx", query.activeBefore) : null,
  );
  const logs: AgentLogSummary[] = rows.map((r) => ({
    agentId: r.agent_id,
    headSequence: r.head_sequence,
    headEntryHash: r.head_entry_hash,
    entries: Number(r.entries),
    pending: Number(r.pending),
    confirmed: Number(r.confirmed),
    failed: Number(r.failed),
    firstAt: r.first_at,
    lastAt: r.last_at,
  }));
  return pageOf(logs, query.limit, (log) => log.agentId);
}
