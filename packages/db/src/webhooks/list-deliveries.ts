import { type DeliveryState, eventIdOfDelivery } from "@ctxlog/core";
import { toPage } from "../page";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { withDeliveryId } from "./get-delivery";
import { deliveriesOfWebhook } from "./list-deliveries.queries";

export interface ListDeliveriesQuery {
  /** a state of DELIVERY_LIFECYCLE (retrying included), as ctxlog_delivery_state derives it */
  state?: DeliveryState;
  limit: number;
  /** id of the last row of the previous page (a delivery id) */
  after?: string;
}

/**
 * Deliveries of one webhook (the caller checked it is the user's), newest first; with `state`, those
 * ctxlog_delivery_state puts in it.
 */
export async function listDeliveries(db: DbOrTx, webhookId: string, query: ListDeliveriesQuery) {
  const afterEventId = query.after === undefined ? null : eventIdOfDelivery(query.after);
  if (query.after !== undefined && afterEventId === null)
    throw new TypeError(`not a delivery id: ${query.after}`);
  const rows = await runQuery(
    deliveriesOfWebhook,
    { webhookId, state: query.state ?? null, afterEventId, limit: query.limit + 1 },
    sqlOf(db),
  );
  return toPage(rows.map(withDeliveryId), query.limit);
}
