import type { DbOrTx } from "../prisma-types";

/**
 * Closes pending deliveries that must not be attempted (their webhook was deleted while they were
 * queued): failed, with the reason, and never due again. Each is named by its id and its event
 * (the key's first column: no index holds a delivery's id alone).
 */
export async function abandonDeliveries(
  db: DbOrTx,
  deliveries: readonly { id: string; eventId: string }[],
  reason: string,
): Promise<number> {
  if (deliveries.length === 0) return 0;
  return db.$executeRaw`
    UPDATE webhook_deliveries
       SET status = 'failed', error_message = ${reason}, next_attempt_at = NULL, updated_at = now()
     WHERE event_id = ANY (${deliveries.map((d) => d.eventId)}::text[])
       AND id = ANY (${deliveries.map((d) => d.id)}::text[]) AND status = 'pending'`;
}
