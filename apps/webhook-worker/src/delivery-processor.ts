import { buildWebhookHeaders, ENDPOINT_HEALTH, packRequestHeaders } from "@ctxlog/core";
import { JOBS } from "@ctxlog/jobs";
import type { WebhookSender } from "@ctxlog/webhooks";
import { DelayedError, type Job, UnrecoverableError } from "bullmq";
import type { Logger } from "pino";
import type { DeliveryStore } from "./delivery-store";
import type { EndpointLimiter } from "./endpoint-limiter";
import type { EndpointRateLimiter } from "./endpoint-rate-limiter";
import type { WorkerMetrics } from "./metrics";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Thrown after a failed attempt that has attempts left: BullMQ retries the job after
 * `retryDelayMs`, which the backoff strategy reads (see delivery-worker.ts). The delay is the
 * row's `next_attempt_at` — written by recordAttempts' one SQL statement, the only place the
 * schedule is computed — so it survives a flushed Redis and nothing here restates it.
 */
export class RetryScheduledError extends Error {
  override readonly name = "RetryScheduledError";
  constructor(
    readonly retryDelayMs: number,
    attempt: number,
  ) {
    super(`attempt ${attempt} failed; next in ${retryDelayMs} ms`);
  }
}

/**
 * Thrown for a job whose payload is not a deliverWebhook payload (one without its delivery's event
 * id was queued by no release: DESIGN.md, "Stored forms"). The processor logs it; BullMQ fails the
 * job at once, without a retry (UnrecoverableError), and drops it (removeOnFail). A delivery such a
 * job named stays pending, and the reconciler enqueues it again as its row names it.
 */
export class RefusedJobError extends UnrecoverableError {
  override readonly name = "UnrecoverableError"; // what BullMQ tests, besides instanceof
}

// BullMQ promotes a delayed job when a blocking Redis call times out, and Redis checks timeouts
// on its timer tick (100 ms at the default hz 10): a retry can start up to ~100 ms late. So the
// backoff asks for PROMOTION_SLACK_MS less than the schedule, and the job waits out the rest here,
// on a precise in-process timer. A job further ahead of its time than EARLY_TOLERANCE_MS (a
// duplicate enqueue racing the schedule) goes back to the delayed set instead.
const PROMOTION_SLACK_MS = 150;
const EARLY_TOLERANCE_MS = 250;

export interface DeliveryProcessorDeps {
  store: DeliveryStore;
  sender: WebhookSender;
  limiter: EndpointLimiter;
  /** the per-endpoint `rate_limit`, shared by every worker process */
  rateLimiter: EndpointRateLimiter;
  metrics: WorkerMetrics;
  logger: Logger;
}

// A receiver answering 410 Gone asks to receive nothing more: its endpoint is disabled at once
// (the endpoint lifecycle's `gone`, a step of its health rule).
const GONE = ENDPOINT_HEALTH.goneStatus;

/**
 * One attempt of one delivery: load the row, POST the stored bytes signed with the webhook's
 * secret(s), record the outcome, and either finish (succeeded, failed after the last attempt, or
 * nothing to do) or throw RetryScheduledError for BullMQ's delayed retry. PostgreSQL is the
 * truth: a job whose delivery is no longer pending does nothing. A disabled endpoint gets nothing;
 * one that answers 410 Gone, or whose failing outlasts the disable-after rule, is disabled here.
 */
export function createDeliveryProcessor(deps: DeliveryProcessorDeps) {
  const { store, sender, limiter, rateLimiter, metrics, logger } = deps;
  return async (job: Job, token?: string): Promise<void> => {
    const parsed = JOBS.deliverWebhook.payload.safeParse(job.data);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "payload"}: ${i.message}`);
      logger.error({ jobId: job.id, issues }, "delivery job refused: not a deliverWebhook payload");
      throw new RefusedJobError(`delivery job ${job.id} refused: ${issues.join("; ")}`);
    }
    const target = await store.load(parsed.data);
    if (target?.status !== "pending") return;
    const deliveryId = target.id;
    if (target.webhookDeleted || target.webhookDisabled) {
      await store.abandon(target, target.webhookDeleted ? "deleted" : "disabled");
      return;
    }
    const dueAt = target.nextAttemptAt?.getTime() ?? 0;
    if (dueAt - Date.now() > EARLY_TOLERANCE_MS) {
      await job.moveToDelayed(dueAt - PROMOTION_SLACK_MS, token);
      throw new DelayedError();
    }
    if (dueAt > Date.now()) await sleep(dueAt - Date.now());
    const lease = await limiter.acquire(target.webhookId);
    if (!lease) {
      metrics.deferred.inc();
      await job.moveToDelayed(Date.now() + limiter.deferMs(target.webhookId), token);
      throw new DelayedError();
    }

    if (target.rateLimit !== null) {
      const slot = await rateLimiter.reserve(target.webhookId, target.rateLimit).catch((err: unknown) => {
        lease.release();
        throw err;
      });
      if (!slot.ok) {
        lease.release();
        metrics.deferred.inc();
        await job.moveToDelayed(Date.now() + Math.max(1, slot.retryInMs - PROMOTION_SLACK_MS), token);
        throw new DelayedError();
      }
      if (slot.waitMs > 0) await sleep(slot.waitMs);
    }

    let result: Awaited<ReturnType<WebhookSender["send"]>>;
    try {
      const headers = buildWebhookHeaders({
        deliveryId,
        event: target.event,
        body: target.payload,
        sentAt: new Date(),
        secret: target.secret,
        previousSecret: target.previousSecret,
      });
      result = await sender.send({ url: target.url, body: target.payload, headers });
    } finally {
      lease.release();
    }
    if (result.operatorDetail) {
      // the recorded error says only "destination not allowed"; what was refused is for us
      logger.warn(
        { deliveryId, webhookId: target.webhookId, detail: result.operatorDetail },
        "webhook destination refused by the SSRF guard",
      );
    }
    metrics.attempts.inc({ outcome: result.ok ? "success" : "failure" });
    metrics.attemptSeconds.observe(result.durationMs / 1000);

    const recorded = await store.record({
      eventId: target.eventId,
      webhookId: target.webhookId,
      cycle: target.cycle,
      attemptedAt: result.startedAt,
      finishedAt: result.finishedAt,
      durationMs: result.durationMs,
      responseStatus: result.status,
      error: result.error,
      succeeded: result.ok,
      request: result.requestHeaders && {
        url: target.url,
        headers: packRequestHeaders(result.requestHeaders, { deliveryId, event: target.event }),
      },
      response: result.response,
    });
    if (!recorded) return; // a newer cycle or a duplicate run owns the delivery now
    if (result.status === GONE) {
      // Its pending deliveries (this one included) end failed "endpoint disabled": recoverable.
      if (await store.disable(target.webhookId, "gone")) {
        logger.warn(
          { webhookId: target.webhookId, deliveryId },
          "webhook disabled: the receiver answered 410 Gone",
        );
      }
      return;
    }
    if (recorded.status === "failed" && (await store.disableIfFailingTooLong(target.webhookId))) {
      logger.warn({ webhookId: target.webhookId }, "webhook disabled: no successful delivery for too long");
    }
    if (recorded.status !== "pending") {
      metrics.deliveries.inc({ status: recorded.status });
      if (recorded.status === "failed") {
        logger.warn({ deliveryId, webhookId: target.webhookId, error: result.error }, "delivery failed");
      }
      return;
    }
    // A pending row always has next_attempt_at (recordAttempts sets it); a missing one is retried now.
    const dueIn = (recorded.nextAttemptAt?.getTime() ?? Date.now()) - Date.now();
    throw new RetryScheduledError(Math.max(0, dueIn - PROMOTION_SLACK_MS), recorded.attempts);
  };
}
