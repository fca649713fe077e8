import { MicroBatcher, type SecretKeyring } from "@ctxlog/core";
import {
  type AttemptOutcome,
  abandonDeliveries,
  DELETED_WEBHOOK_ERROR,
  type DeliveryTarget,
  type DeliveryTargetRef,
  disableWebhook,
  ENDPOINT_DISABLED_ERROR,
  loadDeliveryTargets,
  openDeliveryTarget,
  type PrismaClient,
  type RecordedAttempt,
  recordAttempts,
  type StoredDeliveryTarget,
} from "@ctxlog/db";

interface Slot<I, O> {
  input: I;
  output?: O;
}

/**
 * Batches one query over everything `fetch` is asked for in the same turn, like a DataLoader on
 * top of the MicroBatcher (which settles a whole batch at once): each slot carries its answer.
 */
function batched<I, O>(
  fetch: (inputs: I[]) => Promise<(input: I) => O | undefined>,
  opts: { maxBatch: number; maxConcurrent: number },
) {
  const batcher = new MicroBatcher<Slot<I, O>>({
    ...opts,
    flush: async (slots) => {
      const answer = await fetch(slots.map((s) => s.input));
      for (const slot of slots) slot.output = answer(slot.input);
    },
  });
  return async (input: I): Promise<O | undefined> => {
    const slot: Slot<I, O> = { input };
    await batcher.add(slot);
    return slot.output;
  };
}

export interface DeliveryStore {
  /**
   * with its secrets decrypted; a secret that cannot be opened rejects (SecretDecryptionError).
   * `eventId` (the job's) is the key's first column: the read touches its event's day only.
   */
  load(deliveryId: string, eventId: string): Promise<DeliveryTarget | undefined>;
  /** undefined when the delivery was no longer pending in that cycle (a duplicate run) */
  record(outcome: AttemptOutcome): Promise<RecordedAttempt | undefined>;
  /** closes a delivery whose webhook was deleted or disabled while it was queued */
  abandon(delivery: { id: string; eventId: string }, why: "deleted" | "disabled"): Promise<void>;
  /** disables the webhook at once (a 410 Gone); false if it already was (or is gone) */
  disable(webhookId: string, reason: "gone"): Promise<boolean>;
  /** the disable-after rule: disables the webhook if it has been failing for too long */
  disableIfFailingTooLong(webhookId: string): Promise<boolean>;
}

/**
 * The worker's reads and writes of delivery rows. Concurrent jobs share round-trips (group
 * commit): one query loads the targets of every job that arrived while earlier loads were in
 * flight, one statement records their attempts.
 */
export function createDeliveryStore(
  db: PrismaClient,
  retryDelaysMs: readonly number[],
  keyring: SecretKeyring,
  /** WEBHOOK_DISABLE_AFTER_HOURS, in ms */
  disableAfterMs: number,
): DeliveryStore {
  const opts = { maxBatch: 200, maxConcurrent: 2 };
  const loadStored = batched<DeliveryTargetRef, StoredDeliveryTarget>(async (refs) => {
    const targets = await loadDeliveryTargets(db, refs);
    return (ref) => targets.get(ref.id);
  }, opts);
  // Opened outside the batch, so a secret that cannot be decrypted fails its own job only: the
  // delivery stays pending, no attempt counted, and the reconciler retries it once the key is back.
  const load = async (id: string, eventId: string) => {
    const stored = await loadStored({ id, eventId });
    return stored && openDeliveryTarget(stored, keyring);
  };
  const record = batched<AttemptOutcome, RecordedAttempt>(async (outcomes) => {
    const recorded = await recordAttempts(db, outcomes, retryDelaysMs);
    return (o) => recorded.get(o.deliveryId);
  }, opts);
  return {
    load,
    record,
    abandon: async (delivery, why) => {
      await abandonDeliveries(
        db,
        [delivery],
        why === "deleted" ? DELETED_WEBHOOK_ERROR : ENDPOINT_DISABLED_ERROR,
      );
    },
    disable: async (webhookId, reason) => (await disableWebhook(db, webhookId, reason)) !== null,
    disableIfFailingTooLong: async (webhookId) =>
      (await disableWebhook(db, webhookId, "failing", {
        failingBefore: new Date(Date.now() - disableAfterMs),
      })) !== null,
  };
}
