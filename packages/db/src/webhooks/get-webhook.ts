import type { Webhook } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";

/** A live webhook of this user, or null: another user's or a deleted webhook is not there. */
export async function getWebhook(db: DbOrTx, userId: string, webhookId: string): Promise<Webhook | null> {
  return db.webhook.findFirst({ where: { id: webhookId, userId, deletedAt: null } });
}
