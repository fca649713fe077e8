import { idFloor } from "@ctxlog/core";
import { attachInFlightAnchors, readAnchorFields } from "../anchors/in-flight-anchors";
import type { ContextStatus, PrismaClient } from "../generated/prisma/client";
import { traceContextIds } from "../otel/claim-otel-spans";
import { idsBefore, toPage } from "../page";
import { ANCHOR_FIELDS, toContext } from "./context-view";
import { type ContextReader, readerFilter } from "./reader-scope";

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
 * Newest first; ids are time-ordered, so the id is the cursor. The page's anchors come in one more
 * query (by primary key), a handful for a page of contexts anchored together.
 */
export async function listContexts(db: PrismaClient, reader: ContextReader, query: ListContextsQuery) {
  // a trace's spans are found through otel_spans (its primary key leads with user_id, trace_id)
  const inTrace =
    query.traceId === undefined
      ? {}
      : { id: { in: await traceContextIds(db, reader.userId, query.traceId) } };
  const rows = await db.context.findMany({
    where: {
      ...readerFilter(reader),
      ...(query.agentId === undefined ? {} : { agentId: query.agentId }),
      // no index names status: pending rows are the newest and confirmed ones nearly all the rest,
      // so (user_id, id) newest first finds a page soon; failed ones, few, have a partial index
      ...(query.status === undefined ? {} : { status: query.status }),
      ...(query.status === "failed" ? { failedAt: { not: null } } : {}),
      AND: [
        inTrace,
        idsBefore(query.after),
        query.createdAfter ? { id: { gte: idFloor("ctx", query.createdAfter) } } : {},
        query.createdBefore ? { id: { lt: idFloor("ctx", query.createdBefore) } } : {},
      ],
    },
    include: { anchor: { select: ANCHOR_FIELDS } },
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  return toPage((await attachInFlightAnchors(db, rows, readAnchorFields(db))).map(toContext), query.limit);
}
