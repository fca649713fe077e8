import { currentAnchorKey, readOverview } from "@ctxlog/db";
import type { z } from "zod";
import { createBalanceCache } from "../../chain-reading/balance-cache";
import type { ApiDeps } from "../../deps";
import type { NoSchemas, RouteHandler } from "../route-spec";
import { readAnchoringStatus } from "./anchoring-status";
import type { overviewSchema } from "./schemas";

// the balance changes with each anchoring at most: one RPC call per process every 15 s is plenty;
// the first one waits a second at most, and a stale one never waits (chain-reading/balance-cache.ts)
const BALANCE_TTL_MS = 15_000;
const BALANCE_FIRST_WAIT_MS = 1_000;

/** GET /v1/overview — the dashboard's first page, for a session or a full or read-only key. */
export function getOverview(deps: ApiDeps): RouteHandler<NoSchemas> {
  const { db, env, chain, signer } = deps;
  // the anchor key pays the gas: its balance is the one that runs out (the attestation key only signs)
  const balances =
    chain &&
    createBalanceCache({
      read: (address) => chain.balanceOf(address as `0x${string}`),
      ttlMs: BALANCE_TTL_MS,
      waitMs: BALANCE_FIRST_WAIT_MS,
    });
  const anchorBalance = (address: string | null) =>
    balances && address !== null ? balances.get(address) : Promise.resolve(null);
  return async ({ auth, res }) => {
    const anchorAddress = await currentAnchorKey(db);
    const [stats, wei, anchoring] = await Promise.all([
      readOverview(db, auth.userId, { network: env.NETWORK_NAME }),
      anchorBalance(anchorAddress),
      readAnchoringStatus(db, env.NETWORK_NAME),
    ]);
    res.json({
      contexts_by_status: stats.contextsByStatus,
      contexts_per_minute: stats.contextsPerMinute.map((m) => ({
        minute: m.minute.toISOString(),
        count: m.count,
      })),
      avg_confirmation_seconds: stats.avgConfirmationSeconds,
      chain: {
        network: env.NETWORK_NAME,
        chain_id: stats.chainStatus?.chainId ?? null,
        head_block: stats.chainStatus ? Number(stats.chainStatus.headBlock) : null,
        signer_address: signer.address,
        anchor_address: anchorAddress,
        anchor_balance_wei: wei === null ? null : wei.toString(),
        batches_waiting: stats.batchesWaiting,
      },
      anchoring,
      webhooks_by_status: stats.webhooksByStatus,
      webhooks_by_health: stats.webhooksByHealth,
      deliveries_failed_24h: stats.deliveriesFailed24h,
    } satisfies z.infer<typeof overviewSchema>);
  };
}
