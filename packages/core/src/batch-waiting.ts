/** An item handed to a batcher, and the settling of the `add` call that handed it. */
export interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Flushes a batch's items and settles every `add` of the batch with the outcome: resolved when the
 * flush succeeded, rejected with its error (thrown or rejected) otherwise. Never rejects itself.
 */
export async function flushWaiting<T>(
  batch: readonly Waiting<T>[],
  flush: (items: T[]) => Promise<void>,
): Promise<void> {
  try {
    await flush(batch.map((w) => w.item));
    for (const w of batch) w.resolve();
  } catch (err) {
    for (const w of batch) w.reject(err);
  }
}
