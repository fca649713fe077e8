import type { PrismaClient } from "../generated/prisma/client";
import { idsBefore, toPage } from "../page";

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
      ...idsBefore(query.after),
    },
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  return toPage(rows, query.limit);
}
