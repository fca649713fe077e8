import type { RpcClient } from "@ctxlog/chain";
import { type PrismaClient, readBacklogAges } from "@ctxlog/db";
import { readQueueStats } from "@ctxlog/jobs";
import type { Queue } from "bullmq";
import { type Address, formatEther } from "viem";
import type { ChainMetrics } from "./metrics";

const ageSeconds = (since: Date | null, now: number) =>
  since ? Math.max(0, (now - since.getTime()) / 1000) : 0;

/**
 * Refreshes the gauges the operator's alerts watch: the signer's balance (RPC), the oldest pending
 * context and unconfirmed anchor (PostgreSQL) and the anchor queue (Redis). Each source is read on
 * its own, so one that is down leaves only its own gauges stale; the failure is then thrown for the
 * loop to report.
 */
export async function refreshOpsGauges(deps: {
  db: PrismaClient;
  rpc: RpcClient;
  signer: Address;
  /** asked for each refresh: JobQueues replaces a queue that lost its connection's set-up */
  queue: () => Queue;
  metrics: ChainMetrics;
}): Promise<void> {
  const { metrics } = deps;
  const now = Date.now();
  const queue = deps.queue();
  const results = await Promise.allSettled([
    deps.rpc.getBalance({ address: deps.signer }).then((wei) => {
      metrics.signerBalance.set(Number(formatEther(wei)));
    }),
    readBacklogAges(deps.db).then((ages) => {
      metrics.oldestPendingContextAge.set(ageSeconds(ages.oldestPendingContextAt, now));
      metrics.oldestUnconfirmedAnchorAge.set(ageSeconds(ages.oldestUnconfirmedAnchorAt, now));
    }),
    readQueueStats(queue, now).then((stats) => metrics.queue.record(queue.name, stats)),
  ]);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
}
