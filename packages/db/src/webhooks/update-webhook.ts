import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction } from "../sql-transaction";
import { getWebhook, type WebhookRow } from "./get-webhook";
import { patchLiveWebhook } from "./update-webhook.queries";

export interface WebhookPatch {
  url?: string;
  events?: string[];
  description?: string;
  /** deliveries per second; null removes the limit */
  rateLimit?: number | null;
}

/** Changes only the fields given; null when the user has no such live webhook. */
export async function updateWebhook(
  db: DbOrTx,
  userId: string,
  webhookId: string,
  patch: WebhookPatch,
): Promise<WebhookRow | null> {
  return inSqlTransaction(db, async (sql) => {
    const patched = await runQuery(
      patchLiveWebhook,
      {
        webhookId,
        userId,
        url: patch.url ?? null,
        events: patch.events ?? null,
        description: patch.description ?? null,
        setRateLimit: patch.rateLimit !== undefined,
        rateLimit: patch.rateLimit ?? null,
      },
      sql,
    );
    return patched.length === 0 ? null : getWebhook(sql, userId, webhookId);
  });
}
