import { idFloor } from "@ctxlog/core";
import { runQuery } from "../run-query";
import type { SqlRunner } from "../sql-transaction";
import {
  activeHoldOfAgent,
  lockAgentLog,
  lockLogsOfContexts,
  youngestKeptData,
} from "./erasure-guard.queries";

/** The active legal hold that refuses an erasure, as the 409 names it. */
export interface BlockingHold {
  id: string;
  reason: string;
  placedAt: Date;
  placedBy: string;
}

/**
 * Why an erasure request was refused (the API answers 409 CONFLICT): the agent is under a legal
 * hold, or data younger than CONTEXT_DATA_MIN_RETENTION_DAYS would go without `override_retention`.
 */
export type ErasureRefusal =
  | { kind: "legal_hold"; agentId: string; hold: BlockingHold }
  | { kind: "min_retention"; agentId: string; days: number; receivedAt: Date };

/**
 * The minimum retention an erasure request meets: data received after `cutoff` (now minus
 * CONTEXT_DATA_MIN_RETENTION_DAYS) is kept unless the request overrides it (with a reason).
 */
export interface MinRetention {
  days: number;
  cutoff: Date;
  override: boolean;
}

/** Lets the ids' own time bound the index range: minted at receipt, within this of created_at. */
const ID_CLOCK_MARGIN_MS = 60_000;

/** Locks the logs of `ids` against a hold being placed (see erasure-guard.sql), in the caller's transaction. */
export async function lockLogsAgainstHolds(sql: SqlRunner, ids: readonly string[]): Promise<void> {
  await runQuery(lockLogsOfContexts, { ids: [...ids] }, sql);
}

/**
 * In the caller's transaction: locks the agent's log against a hold being placed, then says why an
 * erasure of its data must be refused, if it must: an active hold first, then (unless overridden)
 * kept data received after the minimum retention's cutoff (`contextId`: that context only).
 */
export async function erasureRefusal(
  sql: SqlRunner,
  input: { userId: string; agentId: string; minRetention?: MinRetention; receivedAt?: Date },
): Promise<ErasureRefusal | null> {
  const { userId, agentId, minRetention } = input;
  await runQuery(lockAgentLog, { userId, agentId }, sql);
  const [hold] = await runQuery(activeHoldOfAgent, { userId, agentId }, sql);
  if (hold) {
    return {
      kind: "legal_hold",
      agentId,
      hold: { id: hold.id, reason: hold.reason, placedAt: hold.placed_at, placedBy: hold.placed_by },
    };
  }
  if (!minRetention || minRetention.override || minRetention.days <= 0) return null;
  const { cutoff, days } = minRetention;
  if (input.receivedAt !== undefined) {
    return input.receivedAt > cutoff
      ? { kind: "min_retention", agentId, days, receivedAt: input.receivedAt }
      : null;
  }
  const floor = idFloor("ctx", new Date(cutoff.getTime() - ID_CLOCK_MARGIN_MS));
  const [young] = await runQuery(youngestKeptData, { userId, agentId, floor, cutoff }, sql);
  return young ? { kind: "min_retention", agentId, days, receivedAt: young.created_at } : null;
}
