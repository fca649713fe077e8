/**
 * Thrown inside a transaction whose last statement found nothing to change, so that what the
 * earlier statements wrote rolls back with it (a webhook's deliveries are written before the
 * webhook, the lock order shared with the worker: see delete-webhook.ts).
 */
export class NothingChanged extends Error {
  constructor() {
    super("nothing changed: the transaction is rolled back");
    this.name = "NothingChanged";
  }
}

/** Runs a transaction; null when it rolled back with NothingChanged, its other errors as they are. */
export async function rollbackUnlessChanged<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof NothingChanged) return null;
    throw err;
  }
}
