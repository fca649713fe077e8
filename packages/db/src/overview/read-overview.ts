import { type ContextStatus, idFloor, type WebhookState } from "@ctxlog/core";
import { IN_FLIGHT_STATUSES } from "../anchors/in-flight-anchors";
import type { PrismaClient } from "../generated/prisma/client";

export interface OverviewStats {
  contextsByStatus: { pending: number; confirmed: number; failed: number };
  /** 60 minutes ending with the current one, oldest first, zero-filled */
  contextsPerMinute: { minute: Date; count: number }[];
  avgConfirmationSeconds: number | null;
  batchesWaiting: number;
  chainStatus: { chainId: number; headBlock: bigint } | null;
  /** by webhookState: a disabled endpoint counts as disabled only */
  webhooksByStatus: { active: number; failing: number; disabled: number };
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
  db: PrismaClient,
  userId: string,
  opts: { network: string; now?: Date },
): Promise<OverviewStats> {
  const now = opts.now ?? new Date();
  const firstMinute = Math.floor(now.getTime() / MINUTE) * MINUTE - 59 * MINUTE;
  const [byStatus, perMinute, avg, waiting, chain, hooks, failed] = await Promise.all([
    // each context's status as ctxlog_context_status says (the one definition), counted in one scan
    // of the user's rows (user_id, id) with the queue probed as a hashed subplan
    db.$queryRaw<{ status: string; n: bigint }[]>`
      SELECT s.status::text AS status, count(*) AS n
        FROM contexts AS c CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
       WHERE c.user_id = ${userId}
       GROUP BY 1`,
    db.$queryRaw<{ minute: Date; n: bigint }[]>`
      SELECT date_trunc('minute', created_at) AS minute, count(*) AS n
      FROM contexts
      WHERE user_id = ${userId} AND id >= ${idFloor("ctx", new Date(firstMinute))}
      GROUP BY 1`,
    // each context's confirmation time as its record shows it (context-view.ts): its anchor's
    // confirmation less its own receipt, in whole seconds, for the confirmed ones
    // (ctxlog_context_status); its batch is the one it was confirmed in (confirmed_contexts)
    db.$queryRaw<{ avg: number | null }[]>`
      SELECT avg(greatest(0, round(extract(epoch FROM a.confirmed_at - c.created_at))))::float8 AS avg
      FROM contexts c
      CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
      JOIN confirmed_contexts m ON m.id = c.id
      JOIN anchors a ON a.id = m.anchor_id
      WHERE c.user_id = ${userId} AND s.status = 'confirmed'
        AND c.id >= ${idFloor("ctx", new Date(now.getTime() - 2 * DAY))}
        AND a.confirmed_at >= ${new Date(now.getTime() - DAY)}`,
    db.anchor.count({ where: { status: { in: [...IN_FLIGHT_STATUSES] } } }),
    db.chainStatus.findUnique({ where: { network: opts.network } }),
    db.$queryRaw<{ state: string; n: bigint }[]>`
      SELECT ctxlog_endpoint_state(status, disabled_at, deleted_at) AS state, count(*) AS n
      FROM webhooks WHERE user_id = ${userId} AND deleted_at IS NULL GROUP BY 1`,
    db.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n
      FROM webhooks w
      JOIN webhook_deliveries d ON d.webhook_id = w.id
      WHERE w.user_id = ${userId} AND d.status = 'failed'
        AND d.id >= ${idFloor("dlv", new Date(now.getTime() - 2 * DAY))}
        AND d.updated_at >= ${new Date(now.getTime() - DAY)}`,
  ]);
  const counts = new Map(perMinute.map((r) => [r.minute.getTime(), Number(r.n)]));
  const count = (status: ContextStatus) => Number(byStatus.find((r) => r.status === status)?.n ?? 0);
  const hookCount = (s: WebhookState) => Number(hooks.find((h) => h.state === s)?.n ?? 0);
  return {
    contextsByStatus: { pending: count("pending"), confirmed: count("confirmed"), failed: count("failed") },
    contextsPerMinute: Array.from({ length: 60 }, (_, i) => {
      const minute = firstMinute + i * MINUTE;
      return { minute: new Date(minute), count: counts.get(minute) ?? 0 };
    }),
    avgConfirmationSeconds: avg[0]?.avg ?? null,
    batchesWaiting: waiting,
    chainStatus: chain ? { chainId: chain.chainId, headBlock: chain.headBlock } : null,
    webhooksByStatus: {
      active: hookCount("active"),
      failing: hookCount("failing"),
      disabled: hookCount("disabled"),
    },
    deliveriesFailed24h: Number(failed[0]?.n ?? 0),
  };
}
