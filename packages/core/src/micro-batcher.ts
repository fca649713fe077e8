import { flushWaiting, type Waiting } from "./batch-waiting";

/**
 * Coalesces concurrent single-item writes into batches, like a database's group commit: the first
 * item waits one macrotask so items arriving in the same turn join it; while `maxConcurrent`
 * flushes are in flight, new items queue and leave together in the next batch. At low load a
 * batch is one item and adds no timer delay; under load, one round-trip carries many items.
 * Each `add` settles with its batch: resolved when the flush succeeded, rejected with its error.
 */
export interface MicroBatcherOptions<T> {
  /** the most a batch weighs (items, unless `weigh` says otherwise); a heavier item goes alone */
  maxBatch: number;
  /** an item's share of maxBatch, e.g. the rows of a multi-row write; default 1 */
  weigh?: (item: T) => number;
  maxConcurrent: number;
  flush: (items: T[]) => Promise<void>;
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

  /** How many queued items the next batch takes: at least one, then up to maxBatch by weight. */
  private batchLength(): number {
    const weigh = this.opts.weigh;
    if (!weigh) return this.opts.maxBatch;
    let weight = 0;
    let n = 0;
    for (const waiting of this.queue) {
      weight += weigh(waiting.item);
      if (n > 0 && weight > this.opts.maxBatch) break;
      n++;
    }
    return n;
  }

  private drain(): void {
    while (this.inFlight < this.opts.maxConcurrent && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.batchLength());
      this.inFlight++;
      void flushWaiting(batch, this.opts.flush).finally(() => {
        this.inFlight--;
        this.drain();
      });
    }
  }
}
