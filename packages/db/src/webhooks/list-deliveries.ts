import type { DeliveryState } from "@ctxlog/core";
import { toPage } from "../page";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { deliveryCreatedAt } from "./get-delivery";
import { deliveriesOfWebhook } from "./list-deliveries.queries";

export interface ListDeliveriesQuery {
  /** a state of DELIVERY_LIFECYCLE (retrying included), as ctxlog_delivery_state derives it */
  state?: DeliveryState;
  limit: number;
  /** id of the last row of the previous page */
  after?: string;
}

/**
 * Deliveries of one webhook (the caller checked it is the user's), newest first; with `state`, those
 * ctxlog_delivery_state puts in it.
 */
export async function listDeliveries(db: DbOrTx, webhookId: string, query: ListDeliveriesQuery) {
  const rows = await runQuery(
    deliveriesOfWebhook,
    { webhookId, state: query.state ?? null, after: query.after ?? null, limit: query.limit + 1 },
    sqlOf(db),
  );
  return toPage(
    rows.map((row) => ({ ...row, createdAt: deliveryCreatedAt(row.id) })),
    query.limit,
  );
}
