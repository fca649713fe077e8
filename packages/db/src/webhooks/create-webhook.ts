import { newId, type SecretKeyring, sealSecret } from "@ctxlog/core";
import type { PrismaClient, Webhook } from "../generated/prisma/client";
import { prismaSql } from "../sql-transaction";
import { createEndpointRow } from "./endpoint-transitions";

export interface CreateWebhookInput {
  userId: string;
  url: string;
  events: string[];
  description: string;
  /** deliveries per second across every worker; omitted or null: unthrottled */
  rateLimit?: number | null;
  /** the plaintext signing secret; stored encrypted under the keyring's current key */
  secret: string;
  keyring: SecretKeyring;
  /** live (not deleted) webhooks a user may have */
  maxPerUser: number;
}

export class WebhookLimitError extends Error {
  override readonly name = "WebhookLimitError";
}

/**
 * Creates a webhook unless the user already has `maxPerUser` live ones. The user's row is locked
 * for the count, so concurrent creations cannot both squeeze past the limit. The secret is stored
 * sealed, bound to the new webhook's id; the row returned holds it sealed. The row is the endpoint
 * lifecycle's `create` (endpoint-transitions.ts).
 */
export async function createWebhook(db: PrismaClient, input: CreateWebhookInput): Promise<Webhook> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${input.userId} FOR UPDATE`;
    const live = await tx.webhook.count({ where: { userId: input.userId, deletedAt: null } });
    if (live >= input.maxPerUser) {
      throw new WebhookLimitError(`a user may have at most ${input.maxPerUser} webhooks`);
    }
    const now = new Date();
    const id = newId("whk");
    const sealed = sealSecret(input.keyring, input.secret, id);
    await createEndpointRow(prismaSql(tx), {
      id,
      userId: input.userId,
      url: input.url,
      events: input.events,
      description: input.description,
      rateLimit: input.rateLimit ?? null,
      secret: sealed.value,
      secretKeyId: sealed.keyId,
      now,
    });
    return tx.webhook.findUniqueOrThrow({ where: { id } });
  });
}
