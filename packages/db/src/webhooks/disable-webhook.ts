import { type WebhookDisabledReason, webhookDisabledData } from "@ctxlog/core";
import { recordEvent } from "../events/record-event";
import type { PrismaClient } from "../generated/prisma/client";
import { prismaSql, sqlOf } from "../sql-transaction";
import { abandonDeliveriesOf } from "./delivery-transitions";
import { disableEndpointRow, enableEndpointRow } from "./endpoint-transitions";

/** The error of a delivery made for (or pending on) a disabled endpoint: a later recover sends it. */
export const ENDPOINT_DISABLED_ERROR = "endpoint disabled";

interface DisabledRow {
  id: string;
  user_id: string;
  description: string;
  disabled_at: Date;
}

/**
 * Disables a live webhook (the endpoint lifecycle's `gone`, `disable_failing` or `disable`, by the
 * reason): nothing more is sent to it, its queued deliveries are abandoned with
 * ENDPOINT_DISABLED_ERROR (recoverable once it is enabled again), and — unless a person did it —
 * `webhook.disabled` is recorded in the same transaction for the user's other endpoints.
 * `failingBefore`: only if the webhook has been failing since before then (the disable-after
 * rule); the condition is checked in the UPDATE itself, so concurrent workers disable it once.
 * Null when nothing changed (already disabled, deleted, recovered meanwhile, or not failing long).
 */
export async function disableWebhook(
  db: PrismaClient,
  webhookId: string,
  reason: WebhookDisabledReason,
  opts: { failingBefore?: Date; userId?: string } = {},
): Promise<DisabledRow | null> {
  return db.$transaction(async (tx) => {
    const sql = prismaSql(tx);
    const row = await disableEndpointRow(sql, webhookId, reason, opts);
    if (!row) return null;
    await abandonDeliveriesOf(sql, webhookId, ENDPOINT_DISABLED_ERROR);
    if (reason !== "manual") {
      await recordEvent(tx, {
        userId: row.user_id,
        event: "webhook.disabled",
        data: webhookDisabledData({
          id: row.id,
          description: row.description,
          disabledAt: row.disabled_at,
          disabledReason: reason,
        }),
      });
    }
    return row;
  });
}

/**
 * Enables a disabled webhook of the user again (`enable`, or `enable_failing` for one still
 * failing, whose failing time counts from now so the disable-after rule gives it the whole period
 * again). False when the user has no such disabled live webhook.
 */
export async function enableWebhook(db: PrismaClient, userId: string, webhookId: string): Promise<boolean> {
  return enableEndpointRow(sqlOf(db), userId, webhookId);
}
