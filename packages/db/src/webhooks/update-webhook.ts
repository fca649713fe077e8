import type { PrismaClient, Webhook } from "../generated/prisma/client";

export interface WebhookPatch {
  url?: string;
  events?: string[];
  description?: string;
  /** deliveries per second; null removes the limit */
  rateLimit?: number | null;
}

/** Changes only the fields given; null when the user has no such live webhook. */
export async function updateWebhook(
  db: PrismaClient,
  userId: string,
  webhookId: string,
  patch: WebhookPatch,
): Promise<Webhook | null> {
  const data = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const { count } = await db.webhook.updateMany({
    where: { id: webhookId, userId, deletedAt: null },
    data: { ...data, updatedAt: new Date() },
  });
  if (count === 0) return null;
  return db.webhook.findFirst({ where: { id: webhookId, userId, deletedAt: null } });
}
