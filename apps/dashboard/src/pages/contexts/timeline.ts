import type { Context } from "../../api/schema";

export type StepState = "done" | "current" | "waiting" | "failed" | "skipped";

export interface TimelineStep {
  key: "received" | "batched" | "sent" | "confirmations" | "outcome";
  label: string;
  state: StepState;
  detail: string | null;
}

type TimelineInput = Pick<
  Context,
  | "status"
  | "created_at"
  | "transaction_hash"
  | "block_number"
  | "confirmations"
  | "block_timestamp"
  | "failure_reason"
  | "error"
  | "confirmation_time_seconds"
>;

/**
 * The life of a context from its record alone: received → in a batch → transaction sent →
 * confirmations n/N → confirmed (or failed, with its reason). A transaction hash means its batch was
 * built and the transaction broadcast; N (the required depth) is known once a proof names it.
 */
export function deriveTimeline(
  context: TimelineInput,
  requiredConfirmations?: number | null,
): TimelineStep[] {
  const sent = context.transaction_hash !== null;
  const { status } = context;
  const n = context.confirmations;
  const depth = requiredConfirmations ? `${n}/${requiredConfirmations}` : String(n);

  const received: TimelineStep = {
    key: "received",
    label: "Received",
    state: "done",
    detail: context.created_at,
  };
  const batched: TimelineStep = {
    key: "batched",
    label: "In a batch",
    state: sent ? "done" : status === "pending" ? "current" : "skipped",
    detail: sent ? null : status === "pending" ? "Waiting for the next batch" : null,
  };
  const transaction: TimelineStep = {
    key: "sent",
    label: "Transaction sent",
    state: sent ? "done" : status === "pending" ? "waiting" : "skipped",
    detail: context.transaction_hash,
  };
  const confirmations: TimelineStep = {
    key: "confirmations",
    label: `Confirmations ${depth}`,
    state:
      status === "confirmed"
        ? "done"
        : status === "pending"
          ? sent
            ? "current"
            : "waiting"
          : context.block_number !== null
            ? "done"
            : "skipped",
    detail: context.block_number !== null ? `Block ${context.block_number}` : null,
  };
  const outcome: TimelineStep =
    status === "failed"
      ? {
          key: "outcome",
          label: "Failed",
          state: "failed",
          detail: [context.failure_reason, context.error?.message].filter(Boolean).join(": ") || null,
        }
      : {
          key: "outcome",
          label: "Confirmed",
          state: status === "confirmed" ? "done" : "waiting",
          detail:
            status === "confirmed" && context.confirmation_time_seconds !== null
              ? `${context.confirmation_time_seconds} s after it was received`
              : null,
        };
  return [received, batched, transaction, confirmations, outcome];
}
