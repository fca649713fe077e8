import { AppError, isId } from "@ctxlog/core";
import { getWebhook, type PrismaClient, type WebhookRow } from "@ctxlog/db";
import type { AuthContext } from "../../http/request-context";

/**
 * The caller's live webhook named by `:id`. Anything else — malformed, unknown, deleted or another
 * user's — is the same 404, so ids cannot be probed.
 */
export async function requireOwnWebhook(
  db: PrismaClient,
  auth: AuthContext,
  id: string,
): Promise<WebhookRow> {
  const row = isId(id, "whk") ? await getWebhook(db, auth.userId, id) : null;
  if (!row) throw new AppError("NOT_FOUND", `No webhook ${id}.`);
  return row;
}

/** `:delivery_id`, or a 404 for something that cannot be one. */
export function deliveryIdParam(id: string): string {
  if (!isId(id, "dlv")) throw new AppError("NOT_FOUND", `No delivery ${id}.`);
  return id;
}
