import type { DeliveryKey } from "@ctxlog/core";
import { deliveryJobsFor } from "@ctxlog/jobs";
import type { ApiDeps } from "../../deps";

/**
 * Queues deliveries the API created or reopened (jobId = the delivery's key). The rows are committed
 * already, so a lost enqueue only delays them: the webhook worker's reconciler re-enqueues due rows.
 */
export async function enqueueDeliveries(
  { queues, logger }: ApiDeps,
  deliveries: readonly DeliveryKey[],
): Promise<void> {
  if (deliveries.length === 0) return;
  await queues
    .enqueueMany("deliverWebhook", deliveryJobsFor(deliveries))
    .catch((err: unknown) =>
      logger.warn(
        { err, count: deliveries.length },
        "delivery enqueue failed; the reconciler will pick the rows up",
      ),
    );
}

/** One delivery: `enqueueDeliveries` of it. */
export function enqueueDelivery(deps: ApiDeps, delivery: DeliveryKey): Promise<void> {
  return enqueueDeliveries(deps, [delivery]);
}

/**
 * One delivery made due now (retry now): its job is promoted from the delayed set, or added if it
 * is gone. A lost call only delays it: the reconciler re-enqueues due rows.
 */
export async function enqueueDeliveryNow({ queues, logger }: ApiDeps, delivery: DeliveryKey): Promise<void> {
  const [job] = deliveryJobsFor([delivery]);
  if (!job) return;
  await queues
    .enqueueNow("deliverWebhook", job.payload, job.jobId)
    .catch((err: unknown) =>
      logger.warn(
        { err, eventId: delivery.eventId, webhookId: delivery.webhookId },
        "delivery promotion failed; the reconciler will pick the row up",
      ),
    );
}
