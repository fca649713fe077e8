import { type ContextStatus, idFloor, WEBHOOK_HEALTH, type WebhookHealth } from "@ctxlog/core";
import { IN_FLIGHT_STATUSES } from "../anchors/in-flight-anchors";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import {
  anchorsIn,
  averageConfirmationOf,
  chainStatusOf,
  contextsByStatusOf,
  contextsPerMinuteOf,
  deliveriesFailedSince,
  webhooksByStateOf,
} from "./read-overview.queries";

export interface OverviewStats {
  contextsByStatus: { pending: number; confirmed: number; failed: number };
  /** 60 minutes ending with the current one, oldest first, zero-filled */
  contextsPerMinute: { minute: Date; count: number }[];
  avgConfirmationSeconds: number | null;
  batchesWaiting: number;
  chainStatus: { chainId: number; headBlock: bigint } | null;
  /** by webhookState: a disabled endpoint counts as disabled only, a degraded one as active */
  webhooksByStatus: { active: number; failing: number; disabled: number };
  /** by webhookHealth: the same endpoints, degraded apart */
  webhooksByHealth: Record<WebhookHealth, number>;
  deliveriesFailed24h: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The dashboard's overview of one user, in statements that each read an index range, never the
 * whole contexts table: counts by status over the user's rows (user_id, id); the last
 * hour and the last day as id ranges, ids being time-ordered (`idFloor`). The average confirmation
 * time covers contexts confirmed in the last 24 h among those created in the last 48 h (the id
 * range that bounds the scan; confirmation takes seconds, so none is missed but manual retries
 * of older contexts). The chain part is the service's: batches not yet confirmed or failed.
 */
export async function readOverview(
  db: DbOrTx,
  userId: string,
  opts: { network: string; now?: Date },
): Promise<OverviewStats> {
  const now = opts.now ?? new Date();
  const firstMinute = Math.floor(now.getTime() / MINUTE) * MINUTE - 59 * MINUTE;
  const sql = sqlOf(db);
  const [byStatus, perMinute, avg, waiting, chain, hooks, failed] = await Promise.all([
    runQuery(contextsByStatusOf, { userId }, sql),
    runQuery(contextsPerMinuteOf, { userId, idFrom: idFloor("ctx", new Date(firstMinute)) }, sql),
    runQuery(
      averageConfirmationOf,
      {
        userId,
        idFrom: idFloor("ctx", new Date(now.getTime() - 2 * DAY)),
        confirmedSince: new Date(now.getTime() - DAY),
      },
      sql,
    ),
    runQuery(anchorsIn, { statuses: [...IN_FLIGHT_STATUSES] }, sql),
    runQuery(chainStatusOf, { network: opts.network }, sql),
    runQuery(webhooksByStateOf, { userId }, sql),
    runQuery(
      deliveriesFailedSince,
      {
        userId,
        eventIdFrom: idFloor("evt", new Date(now.getTime() - 2 * DAY)),
        since: new Date(now.getTime() - DAY),
        createdFrom: idFloor("evt", new Date(now.getTime() - DAY)),
      },
      sql,
    ),
  ]);
  const counts = new Map(perMinute.map((r) => [r.minute.getTime(), Number(r.n)]));
  const count = (status: ContextStatus) => Number(byStatus.find((r) => r.status === status)?.n ?? 0);
  const hookCount = (s: WebhookHealth) => Number(hooks.find((h) => h.state === s)?.n ?? 0);
  const byHealth = Object.fromEntries(WEBHOOK_HEALTH.map((h) => [h, hookCount(h)])) as Record<
    WebhookHealth,
    number
  >;
  return {
    contextsByStatus: { pending: count("pending"), confirmed: count("confirmed"), failed: count("failed") },
    contextsPerMinute: Array.from({ length: 60 }, (_, i) => {
      const minute = firstMinute + i * MINUTE;
      return { minute: new Date(minute), count: counts.get(minute) ?? 0 };
    }),
    avgConfirmationSeconds: avg[0]?.avg ?? null,
    batchesWaiting: Number(waiting[0]?.n ?? 0),
    chainStatus: chain[0] ? { chainId: chain[0].chain_id, headBlock: BigInt(chain[0].head_block) } : null,
    webhooksByStatus: {
      active: byHealth.active + byHealth.degraded,
      failing: byHealth.failing,
      disabled: byHealth.disabled,
    },
    webhooksByHealth: byHealth,
    deliveriesFailed24h: Number(failed[0]?.n ?? 0),
  };
}
