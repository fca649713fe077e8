import { type DeliveryKey, deliveryKeyText, MicroBatcher, type SecretKeyring } from "@ctxlog/core";
import {
  type AttemptOutcome,
  abandonDeliveries,
  DELETED_WEBHOOK_ERROR,
  type DeliveryTarget,
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
   * by its key (the job's), with its secrets decrypted; a secret that cannot be opened rejects
   * (SecretDecryptionError). The read touches its event's day only.
   */
  load(key: DeliveryKey): Promise<DeliveryTarget | undefined>;
  /** undefined when the delivery was no longer pending in that cycle (a duplicate run) */
  record(outcome: AttemptOutcome): Promise<RecordedAttempt | undefined>;
  /** closes a delivery whose webhook was deleted or disabled while it was queued */
  abandon(delivery: DeliveryKey, why: "deleted" | "disabled"): Promise<void>;
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
  const loadStored = batched<DeliveryKey, StoredDeliveryTarget>(async (keys) => {
    const targets = await loadDeliveryTargets(db, keys);
    return (key) => targets.get(deliveryKeyText(key));
  }, opts);
  // Opened outside the batch, so a secret that cannot be decrypted fails its own job only: the
  // delivery stays pending, no attempt counted, and the reconciler retries it once the key is back.
  const load = async (key: DeliveryKey) => {
    const stored = await loadStored(key);
    return stored && openDeliveryTarget(stored, keyring);
  };
  const record = batched<AttemptOutcome, RecordedAttempt>(async (outcomes) => {
    const recorded = await recordAttempts(db, outcomes, retryDelaysMs);
    return (o) => recorded.get(deliveryKeyText(o));
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
