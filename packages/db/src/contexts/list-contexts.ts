import type { ContextStatus, PrismaClient } from "../generated/prisma/client";
import { idsBefore, toPage } from "../page";
import { type ContextReader, readerFilter } from "./reader-scope";

export interface ListContextsQuery {
  agentId?: string;
  status?: ContextStatus;
  limit: number;
  /** id of the last row of the previous page */
  after?: string;
}

/** Newest first; ids are time-ordered, so the id is the cursor. */
export async function listContexts(db: PrismaClient, reader: ContextReader, query: ListContextsQuery) {
  const rows = await db.context.findMany({
    where: {
      ...readerFilter(reader),
      ...(query.agentId === undefined ? {} : { agentId: query.agentId }),
      ...(query.status === undefined ? {} : { status: query.status }),
      ...idsBefore(query.after),
    },
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  return toPage(rows, query.limit);
}
