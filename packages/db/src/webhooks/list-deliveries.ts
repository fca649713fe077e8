import type { DeliveryStatus, PrismaClient } from "../generated/prisma/client";
import { idsBefore, toPage } from "../page";

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
      ...idsBefore(query.after),
    },
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  return toPage(rows, query.limit);
}
