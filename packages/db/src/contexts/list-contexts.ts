import type { ContextStatus } from "@ctxlog/core";
import { idFloor } from "@ctxlog/core";
import { attachBatches } from "../anchors/context-batches";
import { readAnchorFields } from "../anchors/in-flight-anchors";
import type { PrismaClient } from "../generated/prisma/client";
import { traceContextIds } from "../otel/claim-otel-spans";
import { idsBefore, toPage } from "../page";
import { ANCHOR_FIELDS, toContext } from "./context-view";
import { type ContextReader, readerFilter, readerScopeSql } from "./reader-scope";

export interface ListContextsQuery {
  agentId?: string;
  status?: ContextStatus;
  /** the spans of one trace received over OTLP (lowercase hex) */
  traceId?: string;
  limit: number;
  /** id of the last row of the previous page */
  after?: string;
  /** received at or after / before these times: an id range, ids being time-ordered */
  createdAfter?: Date;
  createdBefore?: Date;
}

/**
 * The ids of the page's rows in this status (ctxlog_context_status), newest first: the rows' own
 * filters (reader, agent, trace, cursor, time range) and the status in one statement, on (user_id,
 * id) — pending rows are the newest and confirmed ones nearly all the rest, so a page fills soon;
 * failed ones, few, are looked for through the whole range.
 */
async function idsInStatus(
  db: PrismaClient,
  reader: ContextReader,
  query: ListContextsQuery & { status: ContextStatus },
  traceIds: string[] | null,
): Promise<string[]> {
  const rows = await db.$queryRawUnsafe<{ id: string }[]>(
    `SELECT c.id FROM contexts c
      WHERE c.user_id = $1 ${readerScopeSql(reader)} AND ($2::text IS NOT NULL OR true)
        AND ($3::text IS NULL OR c.agent_id = $3) AND ($4::text[] IS NULL OR c.id = ANY($4))
        AND ($5::text IS NULL OR c.id < $5) AND ($6::text IS NULL OR c.id >= $6) AND ($7::text IS NULL OR c.id < $7)
        AND (SELECT s.status FROM ctxlog_context_status(c.id, c.failed_at) AS s) = $9::"ContextStatus"
      ORDER BY c.id DESC
      LIMIT $8`,
    reader.userId,
    reader.keyFamilyId,
    query.agentId ?? null,
    traceIds,
    query.after ?? null,
    query.createdAfter ? idFloor("ctx", query.createdAfter) : null,
    query.createdBefore ? idFloor("ctx", query.createdBefore) : null,
    query.limit + 1,
    query.status,
  );
  return rows.map((r) => r.id);
}

/**
 * Newest first; ids are time-ordered, so the id is the cursor. The page's anchors come in one more
 * query (by primary key), a handful for a page of contexts anchored together.
 */
export async function listContexts(db: PrismaClient, reader: ContextReader, query: ListContextsQuery) {
  // a trace's spans are found through otel_spans (its primary key leads with user_id, trace_id)
  const traceIds =
    query.traceId === undefined ? null : await traceContextIds(db, reader.userId, query.traceId);
  const where =
    query.status === undefined
      ? {
          ...readerFilter(reader),
          ...(query.agentId === undefined ? {} : { agentId: query.agentId }),
          AND: [
            traceIds === null ? {} : { id: { in: traceIds } },
            idsBefore(query.after),
            query.createdAfter ? { id: { gte: idFloor("ctx", query.createdAfter) } } : {},
            query.createdBefore ? { id: { lt: idFloor("ctx", query.createdBefore) } } : {},
          ],
        }
      : { id: { in: await idsInStatus(db, reader, { ...query, status: query.status }, traceIds) } };
  const rows = await db.context.findMany({
    where,
    include: { anchor: { select: ANCHOR_FIELDS } },
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  return toPage((await attachBatches(db, rows, readAnchorFields(db))).map(toContext), query.limit);
}
