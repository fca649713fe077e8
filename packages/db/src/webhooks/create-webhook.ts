import { newId } from "@ctxlog/core";
import type { PrismaClient, Webhook } from "../generated/prisma/client";

export interface CreateWebhookInput {
  userId: string;
  url: string;
  events: string[];
  description: string;
  secret: string;
  /** live (not deleted) webhooks a user may have */
  maxPerUser: number;
}

export class WebhookLimitError extends Error {
  override readonly name = "WebhookLimitError";
}

/**
 * Creates a webhook unless the user already has `maxPerUser` live ones. The user's row is locked
 * for the count, so concurrent creations cannot both squeeze past the limit.
 */
export async function createWebhook(db: PrismaClient, input: CreateWebhookInput): Promise<Webhook> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${input.userId} FOR UPDATE`;
    const live = await tx.webhook.count({ where: { userId: input.userId, deletedAt: null } });
    if (live >= input.maxPerUser) {
      throw new WebhookLimitError(`a user may have at most ${input.maxPerUser} webhooks`);
    }
    const now = new Date();
    return tx.webhook.create({
      data: {
        id: newId("whk"),
        userId: input.userId,
        url: input.url,
        events: input.events,
        description: input.description,
        secret: input.secret,
        createdAt: now,
        updatedAt: now,
      },
    });
  });
}
