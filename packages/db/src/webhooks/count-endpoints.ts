import { WEBHOOK_HEALTH, type WebhookHealth } from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { endpointsByState } from "./count-endpoints.queries";

/**
 * Every user's live endpoints counted by health (ctxlog_endpoint_state, the one SQL definition),
 * each health present with 0 if none: the webhook worker's webhook_endpoints gauge. One scan of webhooks, a
 * small table (a row per endpoint).
 */
export async function countEndpointsByHealth(db: DbOrTx): Promise<Record<WebhookHealth, number>> {
  const rows = await runQuery(endpointsByState, undefined, sqlOf(db));
  const of = new Map(rows.map((r) => [r.state, r.n]));
  return Object.fromEntries(WEBHOOK_HEALTH.map((h) => [h, of.get(h) ?? 0])) as Record<WebhookHealth, number>;
}
