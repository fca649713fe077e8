import type { ContextStatus, PrismaClient } from "../generated/prisma/client";
import { idsBefore, toPage } from "../page";
import { ANCHOR_FIELDS, toContext } from "./context-view";
import { type ContextReader, readerFilter } from "./reader-scope";

export interface ListContextsQuery {
  agentId?: string;
  status?: ContextStatus;
  limit: number;
  /** id of the last row of the previous page */
  after?: string;
}

/**
 * Newest first; ids are time-ordered, so the id is the cursor. The page's anchors come in one more
 * query (by primary key), a handful for a page of contexts anchored together.
 */
export async function listContexts(db: PrismaClient, reader: ContextReader, query: ListContextsQuery) {
  const rows = await db.context.findMany({
    where: {
      ...readerFilter(reader),
      ...(query.agentId === undefined ? {} : { agentId: query.agentId }),
      ...(query.status === undefined ? {} : { status: query.status }),
      ...idsBefore(query.after),
    },
    include: { anchor: { select: ANCHOR_FIELDS } },
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  return toPage(rows.map(toContext), query.limit);
}
