import { type DeliveryRef, deliveryJobsFor } from "@ctxlog/jobs";
import type { ApiDeps } from "../../deps";

/**
 * Queues deliveries the API created or reopened (jobId = delivery id). The rows are committed
 * already, so a lost enqueue only delays them: the webhook worker's reconciler re-enqueues due rows.
 */
export async function enqueueDeliveries(
  { queues, logger }: ApiDeps,
  deliveries: readonly DeliveryRef[],
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
export function enqueueDelivery(deps: ApiDeps, delivery: DeliveryRef): Promise<void> {
  return enqueueDeliveries(deps, [delivery]);
}

/**
 * One delivery made due now (retry now): its job is promoted from the delayed set, or added if it
 * is gone. A lost call only delays it: the reconciler re-enqueues due rows.
 */
export async function enqueueDeliveryNow({ queues, logger }: ApiDeps, delivery: DeliveryRef): Promise<void> {
  const [job] = deliveryJobsFor([delivery]);
  if (!job) return;
  await queues
    .enqueueNow("deliverWebhook", job.payload, job.jobId)
    .catch((err: unknown) =>
      logger.warn(
        { err, deliveryId: delivery.id },
        "delivery promotion failed; the reconciler will pick the row up",
      ),
    );
}
