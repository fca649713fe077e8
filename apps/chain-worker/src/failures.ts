import { type FailureReason, failAnchor, type PrismaClient } from "@ctxlog/db";
import type { Logger } from "pino";
import type { ChainMetrics } from "./metrics";

/** error.message of context.failed, per failure_reason. */
const MESSAGES: Record<FailureReason, string> = {
  insufficient_gas: "The service's signer could not pay for gas; the context was not anchored.",
  rpc_unavailable: "The blockchain node stayed unreachable; the context was not anchored.",
  reverted: "The anchoring transaction reverted.",
  rejected: "The blockchain node refused the anchoring transaction.",
};

/** A revert is deterministic for the same call; the others can succeed once the cause is gone. */
const RETRY_POSSIBLE: Record<FailureReason, boolean> = {
  insufficient_gas: true,
  rpc_unavailable: true,
  rejected: true,
  reverted: false,
};

/** Fails a batch and its pending contexts (one context.failed each), counted and logged. */
export async function failBatch(
  deps: { db: PrismaClient; metrics: ChainMetrics; logger: Logger },
  anchorId: string,
  reason: FailureReason,
  details: string,
): Promise<void> {
  const { failed } = await failAnchor(deps.db, anchorId, {
    reason,
    message: MESSAGES[reason],
    details,
    retryPossible: RETRY_POSSIBLE[reason],
  });
  deps.metrics.failed.inc({ reason }, failed);
  deps.logger.warn({ anchor: anchorId, reason, contexts: failed }, "anchor failed");
}
