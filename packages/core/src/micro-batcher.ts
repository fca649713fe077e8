/**
 * Coalesces concurrent single-item writes into batches, like a database's group commit: the first
 * item waits one macrotask so items arriving in the same turn join it; while `maxConcurrent`
 * flushes are in flight, new items queue and leave together in the next batch. At low load a
 * batch is one item and adds no timer delay; under load, one round-trip carries many items.
 * Each `add` settles with its batch: resolved when the flush succeeded, rejected with its error.
 */
export interface MicroBatcherOptions<T> {
  maxBatch: number;
  maxConcurrent: number;
  flush: (items: T[]) => Promise<void>;
}

interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export class MicroBatcher<T> {
  private readonly queue: Waiting<T>[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(private readonly opts: MicroBatcherOptions<T>) {
    if (opts.maxBatch < 1 || opts.maxConcurrent < 1)
      throw new RangeError("maxBatch and maxConcurrent must be ≥ 1");
  }

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.drain();
        });
      }
    });
  }

  /** Items waiting for a flush slot (not counting those being flushed). */
  get pending(): number {
    return this.queue.length;
  }

  private drain(): void {
    while (this.inFlight < this.opts.maxConcurrent && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.opts.maxBatch);
      this.inFlight++;
      let flushed: Promise<void>;
      try {
        flushed = this.opts.flush(batch.map((w) => w.item));
      } catch (err) {
        flushed = Promise.reject(err);
      }
      flushed
        .then(
          () => {
            for (const w of batch) w.resolve();
          },
          (err: unknown) => {
            for (const w of batch) w.reject(err);
          },
        )
        .finally(() => {
          this.inFlight--;
          this.drain();
        });
    }
  }
}
