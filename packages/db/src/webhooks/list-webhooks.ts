import type { WebhookHealth } from "@ctxlog/core";
import { toPage } from "../page";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { webhooksOfUser } from "./list-webhooks.queries";

export interface ListWebhooksQuery {
  /** only those with this health (ctxlog_endpoint_state, the one definition) */
  health?: WebhookHealth;
  limit: number;
  /** id of the last row of the previous page */
  after?: string;
}

/** A user's live webhooks, newest first; ids are time-ordered, so the id is the cursor. */
export async function listWebhooks(db: DbOrTx, userId: string, query: ListWebhooksQuery) {
  const rows = await runQuery(
    webhooksOfUser,
    { userId, health: query.health ?? null, after: query.after ?? null, limit: query.limit + 1 },
    sqlOf(db),
  );
  return toPage(rows, query.limit);
}
