import { type DeliveryKey, deliveryKeyText, MAX_DELIVERY_ATTEMPTS } from "@ctxlog/core";
import { z } from "zod";

/**
 * The job catalog: every job the system runs, with the queue it lives on, the schema of its
 * payload and its retry policy. Producers and consumers import the same entry, so the compiler
 * checks both ends. Payloads carry row ids only; the state lives in PostgreSQL, which is why a
 * reconciler can rebuild any queue from the rows after Redis is flushed.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  /** Queue name (no ":" — BullMQ reserves it). */
  queue: string;
  payload: S;
  /** Retry policy of this job; each job has its own, never one policy for all. */
  attempts: number;
  backoff: { type: "exponential"; delay: number } | { type: "fixed"; delay: number } | { type: string };
}

const rowId = z.string().regex(/^[a-z]{3}_[0-9A-HJKMNP-TV-Z]{26}$/, "expected a row id");

/** Contexts one anchoring job names at most; a longer list is split (see anchorJobsFor). */
export const ANCHOR_JOB_MAX_CONTEXTS = 1_000;

export const JOBS = {
  /**
   * The contexts of one committed write (or a page the reconciler found unbatched) are waiting to
   * be anchored. The chain worker claims pending contexts from PostgreSQL in arrival order and
   * completes the job once every context it names is in a batch. jobId = the first context id.
   * (A queue of its own: the former per-context jobs lived on "anchor".)
   */
  anchorContexts: {
    queue: "anchor-writes",
    payload: z.object({ contextIds: z.array(rowId).min(1).max(ANCHOR_JOB_MAX_CONTEXTS) }).strict(),
    attempts: 8,
    backoff: { type: "exponential", delay: 1_000 },
  },
  /**
   * POST one event to one webhook endpoint: the delivery named by its key (@ctxlog/core
   * delivery-key.ts), its event (the partition key: the worker's reads and writes touch its day
   * only) and its webhook; jobId = the key as text. The spec's schedule is the row's
   * next_attempt_at (recordAttempts computes it); the "webhook-schedule" backoff waits for it, and
   * backs off on its own only for infrastructure failures (see the webhook worker). A job of the
   * form before (`deliveryId` and `eventId`) is refused (DESIGN.md, "Stored forms": no release
   * queued one): its delivery, still pending, is due, and the reconciler queues it again in this form.
   */
  deliverWebhook: {
    queue: "webhook-deliveries",
    payload: z.object({ eventId: rowId, webhookId: rowId }).strict(),
    attempts: MAX_DELIVERY_ATTEMPTS,
    backoff: { type: "webhook-schedule" },
  },
} as const satisfies Record<string, JobDefinition>;

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]["payload"]>;

/**
 * The delivery job of each delivery, its key as jobId (enqueueing one twice while it exists adds
 * nothing).
 */
export function deliveryJobsFor(
  deliveries: readonly DeliveryKey[],
): { payload: JobPayload<"deliverWebhook">; jobId: string }[] {
  return deliveries.map(({ eventId, webhookId }) => ({
    payload: { eventId, webhookId },
    jobId: deliveryKeyText({ eventId, webhookId }),
  }));
}

/**
 * The anchoring jobs for these contexts: one per ANCHOR_JOB_MAX_CONTEXTS, each with its first
 * context id as jobId, so the same list enqueued twice while its jobs exist adds nothing.
 */
export function anchorJobsFor(
  contextIds: readonly string[],
): { payload: JobPayload<"anchorContexts">; jobId: string }[] {
  const jobs: { payload: JobPayload<"anchorContexts">; jobId: string }[] = [];
  for (let i = 0; i < contextIds.length; i += ANCHOR_JOB_MAX_CONTEXTS) {
    const ids = contextIds.slice(i, i + ANCHOR_JOB_MAX_CONTEXTS);
    jobs.push({ payload: { contextIds: ids }, jobId: ids[0] as string });
  }
  return jobs;
}
