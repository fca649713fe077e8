import { type WebhookDisabledReason, webhookDisabledData } from "@ctxlog/core";
import { recordEvent } from "../events/record-event";
import type { DbOrTx } from "../prisma-types";
import { inSqlTransaction, sqlOf } from "../sql-transaction";
import { abandonDeliveriesOf } from "./delivery-transitions";
import { disableEndpointRow, enableEndpointRow, endpointAllows } from "./endpoint-transitions";
import { NothingChanged, rollbackUnlessChanged } from "./nothing-changed";

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
 * The deliveries are written before the webhook (the lock order shared with the worker, which
 * disables an endpoint while recording attempts of it: see delete-webhook.ts): the transaction
 * starts only when the webhook would change, and rolls them back when it changed meanwhile.
 */
export async function disableWebhook(
  db: DbOrTx,
  webhookId: string,
  reason: WebhookDisabledReason,
  opts: { failingBefore?: Date; userId?: string } = {},
): Promise<DisabledRow | null> {
  if (!(await endpointAllows(sqlOf(db), webhookId, { reason, ...opts }))) return null;
  return rollbackUnlessChanged(() =>
    inSqlTransaction(db, async (sql) => {
      await abandonDeliveriesOf(sql, webhookId, ENDPOINT_DISABLED_ERROR);
      const row = await disableEndpointRow(sql, webhookId, reason, opts);
      if (!row) throw new NothingChanged();
      if (reason !== "manual") {
        await recordEvent(sql, {
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
    }),
  );
}

/**
 * Enables a disabled webhook of the user again (`enable`, or `enable_failing` for one still
 * failing, whose failing time counts from now so the disable-after rule gives it the whole period
 * again). False when the user has no such disabled live webhook.
 */
export async function enableWebhook(db: DbOrTx, userId: string, webhookId: string): Promise<boolean> {
  return enableEndpointRow(sqlOf(db), userId, webhookId);
}
