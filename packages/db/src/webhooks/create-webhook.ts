import { newId, type SecretKeyring, sealSecret } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction } from "../sql-transaction";
import { liveWebhooksOfLockedUser } from "./create-webhook.queries";
import { createEndpointRow } from "./endpoint-transitions";
import { getWebhook, type WebhookRow } from "./get-webhook";

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
export async function createWebhook(db: DbOrTx, input: CreateWebhookInput): Promise<WebhookRow> {
  return inSqlTransaction(db, async (sql) => {
    const [{ live } = { live: 0 }] = await runQuery(liveWebhooksOfLockedUser, { userId: input.userId }, sql);
    if (live >= input.maxPerUser) {
      throw new WebhookLimitError(`a user may have at most ${input.maxPerUser} webhooks`);
    }
    const now = new Date();
    const id = newId("whk");
    const sealed = sealSecret(input.keyring, input.secret, id);
    await createEndpointRow(sql, {
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
    const created = await getWebhook(sql, input.userId, id);
    if (!created) throw new Error(`webhook ${id} was not created`);
    return created;
  });
}
