import type { DeliveryStatus, PrismaClient } from "../generated/prisma/client";

export interface ListDeliveriesQuery {
  status?: DeliveryStatus;
  limit: number;
  /** id of the last row of the previous page */
  after?: string;
}

/** Deliveries of one webhook (the caller checked it is the user's), newest first. */
export async function listDeliveries(db: PrismaClient, webhookId: string, query: ListDeliveriesQuery) {
  const rows = await db.webhookDelivery.findMany({
    where: {
      webhookId,
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
