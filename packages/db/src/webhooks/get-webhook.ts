import type { Webhook } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { type SqlRunner, sqlOf } from "../sql-transaction";
import { liveWebhookOfUser } from "./get-webhook.queries";

/** A webhook as it is read: all but its ref, which only its deliveries' statements use. */
export type WebhookRow = Omit<Webhook, "ref">;

/** A live webhook of this user, or null: another user's or a deleted webhook is not there. */
export async function getWebhook(
  db: DbOrTx | SqlRunner,
  userId: string,
  webhookId: string,
): Promise<WebhookRow | null> {
  const [row] = await runQuery(liveWebhookOfUser, { userId, webhookId }, sqlOf(db));
  return row ?? null;
}
