import { AppError, MAX_SERIES_SPAN_MS } from "@ctxlog/core";
import { readDeliveryRates } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { RouteHandler } from "../route-spec";
import { requireOwnWebhook } from "./lookups";
import type { webhookIdParamsSchema, webhookStatsQuerySchema } from "./schemas";

const DAY = 86_400_000;

/** GET /v1/webhooks/:id/stats — attempts and successes per time bucket over a window (default 24 h). */
export function getWebhookStats({
  db,
}: ApiDeps): RouteHandler<{ params: typeof webhookIdParamsSchema; query: typeof webhookStatsQuerySchema }> {
  return async ({ params, query, auth, res }) => {
    const webhook = await requireOwnWebhook(db, auth, params.id);
    const until = query.until ? new Date(query.until) : new Date();
    const since = query.since ? new Date(query.since) : new Date(until.getTime() - DAY);
    if (until.getTime() <= since.getTime()) {
      throw new AppError("VALIDATION_ERROR", "until must be after since.");
    }
    if (until.getTime() - since.getTime() > MAX_SERIES_SPAN_MS) {
      throw new AppError("VALIDATION_ERROR", "The window is at most 31 days.");
    }
    const rates = await readDeliveryRates(db, webhook.id, { since, until });
    res.json({
      webhook_id: webhook.id,
      since: since.toISOString(),
      until: until.toISOString(),
      bucket_seconds: rates.bucketMs / 1000,
      buckets: rates.buckets.map((b) => ({
        start: b.start.toISOString(),
        attempts: b.attempts,
        succeeded: b.succeeded,
        success_rate: b.attempts === 0 ? null : b.succeeded / b.attempts,
      })),
    });
  };
}
