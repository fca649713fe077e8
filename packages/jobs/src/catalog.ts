import { MAX_DELIVERY_ATTEMPTS } from "@ctxlog/core";
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

export const JOBS = {
  /** Gather a pending context into a batch and anchor it. jobId = context id. */
  anchorContext: {
    queue: "anchor",
    payload: z.object({ contextId: rowId }).strict(),
    attempts: 8,
    backoff: { type: "exponential", delay: 1_000 },
  },
  /**
   * POST one event to one webhook endpoint. jobId = delivery id. The spec's schedule is the row's
   * next_attempt_at (recordAttempts computes it); the "webhook-schedule" backoff waits for it, and
   * backs off on its own only for infrastructure failures (see the webhook worker).
   */
  deliverWebhook: {
    queue: "webhook-deliveries",
    payload: z.object({ deliveryId: rowId }).strict(),
    attempts: MAX_DELIVERY_ATTEMPTS,
    backoff: { type: "webhook-schedule" },
  },
} as const satisfies Record<string, JobDefinition>;

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]["payload"]>;
