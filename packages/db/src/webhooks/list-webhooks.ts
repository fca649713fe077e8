import type { PrismaClient } from "../generated/prisma/client";

export interface ListWebhooksQuery {
  limit: number;
  /** id of the last row of the previous page */
  after?: string;
}

/** A user's live webhooks, newest first; ids are time-ordered, so the id is the cursor. */
export async function listWebhooks(db: PrismaClient, userId: string, query: ListWebhooksQuery) {
  const rows = await db.webhook.findMany({
    where: {
      userId,
      deletedAt: null,
      ...(query.after === undefined ? {} : { id: { lt: query.after } }),
    },
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  const hasMore = rows.length > query.limit;
  const page = hasMore ? rows.slice(0, query.limit) : rows;
  return { rows: page, nextAfter: hasMore ? (page[page.length - 1]?.id ?? null) : null };
}
