import type { Context } from "../../api/schema";
import { formatDateTime, getZone } from "../../components/time-zone";

export type StepState = "done" | "current" | "waiting" | "failed" | "skipped" | "overdue";

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
> &
  Partial<Pick<Context, "estimated_confirmation">>;

/**
 * The life of a context from its record alone: received → in a batch → transaction sent →
 * confirmations n/N → confirmed (or failed, with its reason). A transaction hash means its batch was
 * built and the transaction broadcast; N (the required depth) is known once a proof names it.
 * A pending context past its estimated confirmation is overdue: the step it is stuck at says so
 * (instead of a plain ✓ on "Transaction sent" while anchoring stalls).
 */
export function deriveTimeline(
  context: TimelineInput,
  requiredConfirmations?: number | null,
  now: number = Date.now(),
): TimelineStep[] {
  const sent = context.transaction_hash !== null;
  const { status } = context;
  const estimated = context.estimated_confirmation ? Date.parse(context.estimated_confirmation) : Number.NaN;
  const overdue = status === "pending" && estimated < now;
  const late = overdue
    ? `Overdue: not confirmed by its estimated time (${formatDateTime(estimated, getZone())})`
    : null;
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
    state: sent ? "done" : overdue ? "overdue" : status === "pending" ? "current" : "skipped",
    detail: sent ? null : (late ?? (status === "pending" ? "Waiting for the next batch" : null)),
  };
  const transaction: TimelineStep = {
    key: "sent",
    label: "Transaction sent",
    state: sent
      ? overdue && context.block_number === null
        ? "overdue"
        : "done"
      : status === "pending"
        ? "waiting"
        : "skipped",
    detail:
      sent && overdue && context.block_number === null
        ? `${context.transaction_hash} · ${late}; not in a block yet`
        : context.transaction_hash,
  };
  const confirmations: TimelineStep = {
    key: "confirmations",
    label: `Confirmations ${depth}`,
    state:
      status === "confirmed"
        ? "done"
        : status === "pending"
          ? sent
            ? overdue
              ? context.block_number !== null
                ? "overdue"
                : "waiting"
              : "current"
            : "waiting"
          : context.block_number !== null
            ? "done"
            : "skipped",
    detail:
      context.block_number !== null ? `Block ${context.block_number}${overdue ? ` · ${late}` : ""}` : null,
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
