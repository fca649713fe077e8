import type { DbOrTx } from "../prisma-types";

/**
 * Closes pending deliveries that must not be attempted (their webhook was deleted while they were
 * queued): failed, with the reason, and never due again.
 */
export async function abandonDeliveries(db: DbOrTx, ids: string[], reason: string): Promise<number> {
  if (ids.length === 0) return 0;
  return db.$executeRaw`
    UPDATE webhook_deliveries
       SET status = 'failed', error_message = ${reason}, next_attempt_at = NULL, updated_at = now()
     WHERE id = ANY (${ids}::text[]) AND status = 'pending'`;
}
