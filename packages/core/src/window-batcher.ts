import { flushWaiting, type Waiting } from "./batch-waiting";

/**
 * Gathers items into batches of up to `maxBatch`, or whatever arrived within `windowMs` of a
 * batch's first item, whichever comes first: the chain worker's "BATCH_MAX or BATCH_WINDOW_MS".
 * Flushes run one at a time, in order; each `add` settles with its batch's flush.
 */
export interface WindowBatcherOptions<T> {
  /** a batch closes once its items weigh this much (items, unless `weigh` says otherwise) */
  maxBatch: number;
  /** an item's share of maxBatch (e.g. the contexts an anchoring job names); default 1 */
  weigh?: (item: T) => number;
  windowMs: number;
  flush: (items: T[]) => Promise<void>;
}

export class WindowBatcher<T> {
  private open: Waiting<T>[] = [];
  private openWeight = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly ready: Waiting<T>[][] = [];
  private flushing = false;

  constructor(private readonly opts: WindowBatcherOptions<T>) {
    if (opts.maxBatch < 1) throw new RangeError("maxBatch must be ≥ 1");
    if (opts.windowMs < 0) throw new RangeError("windowMs must be ≥ 0");
  }

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.open.push({ item, resolve, reject });
      this.openWeight += this.opts.weigh ? this.opts.weigh(item) : 1;
      if (this.openWeight >= this.opts.maxBatch) this.close();
      else if (!this.timer) this.timer = setTimeout(() => this.close(), this.opts.windowMs);
    });
  }

  /** Items not yet handed to a flush. */
  get pending(): number {
    return this.open.length + this.ready.reduce((n, b) => n + b.length, 0);
  }

  /** Closes the open batch now (shutdown), and resolves once every batch has been flushed. */
  async drain(): Promise<void> {
    this.close();
    while (this.flushing || this.ready.length > 0) await new Promise((r) => setTimeout(r, 5));
  }

  private close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.open.length === 0) return;
    this.ready.push(this.open);
    this.open = [];
    this.openWeight = 0;
    void this.run();
  }

  private async run(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      for (let batch = this.ready.shift(); batch; batch = this.ready.shift()) {
        await flushWaiting(batch, this.opts.flush);
      }
    } finally {
      this.flushing = false;
    }
  }
}
