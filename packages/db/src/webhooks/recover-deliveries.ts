import type { DbOrTx } from "../prisma-types";

/**
 * Starts a new five-attempt cycle, as retryDelivery does for one, for every delivery of the
 * webhook that ended `failed` and whose event was created in [since, until): same delivery id, same
 * stored body, due now. The window is the event's time (its `created_at`, the envelope's
 * `timestamp`), as a receiver sees it: a delivery row is written by the fan-out a moment later, in
 * a transaction that may have begun before the event existed. Returns them (id and event id),
 * oldest first, for the caller to enqueue (jobId = delivery id; a lost enqueue is found by the
 * reconciler). The worker's per-endpoint limit paces them.
 */
export async function recoverDeliveries(
  db: DbOrTx,
  webhookId: string,
  window: { since: Date; until?: Date },
): Promise<{ id: string; eventId: string }[]> {
  const until = window.until ?? null;
  const rows = await db.$queryRaw<{ id: string; event_id: string }[]>`
    UPDATE webhook_deliveries d
       SET status = 'pending', attempts = 0, cycle = cycle + 1, next_attempt_at = now(), updated_at = now()
      FROM outbox_events e
     WHERE d.webhook_id = ${webhookId} AND d.status = 'failed' AND e.id = d.event_id
       AND e.created_at >= ${window.since}
       AND (${until}::timestamptz IS NULL OR e.created_at < ${until}::timestamptz)
 RETURNING d.id, d.event_id`;
  return rows
    .map((r) => ({ id: r.id, eventId: r.event_id }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
