import type { ApiDeps } from "../../deps";

/**
 * Queues a delivery the API created or reopened (jobId = delivery id). The row is committed
 * already, so a lost enqueue only delays it: the webhook worker's reconciler re-enqueues due rows.
 */
export async function enqueueDelivery({ queues, logger }: ApiDeps, deliveryId: string): Promise<void> {
  await queues
    .enqueue("deliverWebhook", { deliveryId }, { jobId: deliveryId })
    .catch((err: unknown) =>
      logger.warn({ err, deliveryId }, "delivery enqueue failed; the reconciler will pick the row up"),
    );
}
