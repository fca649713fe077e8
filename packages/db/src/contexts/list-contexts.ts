import type { ContextStatus, PrismaClient } from "../generated/prisma/client";
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
      ...(query.after === undefined ? {} : { id: { lt: query.after } }),
    },
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  const hasMore = rows.length > query.limit;
  const page = hasMore ? rows.slice(0, query.limit) : rows;
  return { rows: page, nextAfter: hasMore ? (page[page.length - 1]?.id ?? null) : null };
}
