import type { ContextStatus } from "@ctxlog/core";
import { idFloor } from "@ctxlog/core";
import { attachBatches } from "../anchors/context-batches";
import { readAnchorFields } from "../anchors/in-flight-anchors";
import type { PrismaClient } from "../generated/prisma/client";
import { traceContextIds } from "../otel/claim-otel-spans";
import { toPage } from "../page";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { toContext } from "./context-view";
import { withFailedInAnchors } from "./failed-in-anchors";
import { listContextRows } from "./list-contexts.queries";
import { type ContextReader, readerSees } from "./reader-scope";
import { toStoredContextRow } from "./stored-context-row";

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
  /** with agentId: the entries of its log up to this sequence (a jump into the log) */
  toSequence?: number;
}

/**
 * Newest first; ids are time-ordered, so the id is the cursor. One statement reads the page's rows
 * with every filter (reader, agent, trace, cursor, time range, log position) and the status
 * (ctxlog_context_status; an absent filter folds away when PostgreSQL plans the statement with its
 * values), on (user_id, id): pending rows are the newest and confirmed ones nearly all the rest, so
 * a page fills soon; failed ones, few, are looked for through the whole range. The batches and
 * anchors of the page come in a query or two more (by primary key), a handful for a page of
 * contexts anchored together.
 */
export async function listContexts(db: PrismaClient, reader: ContextReader, query: ListContextsQuery) {
  // a trace's spans are found through otel_spans (its primary key leads with user_id, trace_id)
  const traceIds =
    query.traceId === undefined ? null : await traceContextIds(db, reader.userId, query.traceId);
  const rows = (
    await runQuery(
      listContextRows,
      {
        userId: reader.userId,
        ...(await readerSees(db, reader)),
        agentId: query.agentId ?? null,
        ids: traceIds,
        after: query.after ?? null,
        fromId: query.createdAfter ? idFloor("ctx", query.createdAfter) : null,
        beforeId: query.createdBefore ? idFloor("ctx", query.createdBefore) : null,
        toSequence: query.toSequence ?? null,
        status: query.status ?? null,
        limit: query.limit + 1,
      },
      sqlOf(db),
    )
  ).map(toStoredContextRow);
  const readAnchors = readAnchorFields(db);
  const withAnchors = await withFailedInAnchors(rows, readAnchors);
  return toPage((await attachBatches(db, withAnchors, readAnchors)).map(toContext), query.limit);
}
