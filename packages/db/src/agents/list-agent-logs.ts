import { idFloor } from "@ctxlog/core";
import { type ContextReader, readerSees } from "../contexts/reader-scope";
import { hexOf } from "../hex-columns";
import { pageOf } from "../page";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { listAgentLogRows } from "./list-agent-logs.queries";

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
 * The reader's agent logs in agent_id order, a page at a time (keyset on agent_id), or one log
 * (`agentId`). Counted over the chained contexts the reader may read, so a public or restricted
 * key learns nothing of entries it cannot read: a log with none of those is not listed. With an
 * active window, only logs with an entry the reader may read received in it: one probe of contexts
 * (user_id, agent_id, id) per log, ids being time-ordered.
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
  const rows = await runQuery(
    listAgentLogRows,
    {
      userId: reader.userId,
      ...(await readerSees(db, reader)),
      agentId: query.agentId ?? null,
      // one log is found by its id alone (a cursor then means nothing)
      after: query.agentId === undefined ? (query.after ?? null) : null,
      activeFrom: query.activeAfter ? idFloor("ctx", query.activeAfter) : null,
      activeBefore: query.activeBefore ? idFloor("ctx", query.activeBefore) : null,
      limit: query.limit + 1,
    },
    sqlOf(db),
  );
  const logs: AgentLogSummary[] = rows.map((r) => ({
    agentId: r.agent_id,
    headSequence: r.head_sequence,
    headEntryHash: hexOf(r.head_entry_hash),
    entries: Number(r.entries),
    pending: Number(r.pending),
    confirmed: Number(r.confirmed),
    failed: Number(r.failed),
    firstAt: r.first_at,
    lastAt: r.last_at,
  }));
  return pageOf(logs, query.limit, (log) => log.agentId);
}
