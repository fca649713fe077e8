/** A log's last entry, as this process last committed it. */
export interface KnownHead {
  sequence: number;
  entryHash: string;
}

export const logKey = (userId: string, agentId: string) => `${userId}\u0000${agentId}`;

/**
 * The heads of the logs this process wrote to last, and a queue per log so that this process
 * never has two writes of one log in flight. Together they let a write skip reading the head: it
 * numbers its entries after the head it remembers and sends one statement that writes them only if
 * that head is still the log's (another process may have written since; then the write falls back
 * to locking and reading the head). Bounded: past `maxLogs` the least recently written logs are
 * forgotten, which costs their next write one read.
 */
export class LogHeadCache {
  private readonly heads = new Map<string, KnownHead>();
  private readonly tails = new Map<string, Promise<void>>();

  constructor(private readonly maxLogs = 10_000) {}

  get(key: string): KnownHead | undefined {
    return this.heads.get(key);
  }

  set(key: string, head: KnownHead): void {
    // delete first so the Map's insertion order stays least-recently-written first
    this.heads.delete(key);
    this.heads.set(key, head);
    if (this.heads.size > this.maxLogs) {
      const oldest = this.heads.keys().next().value;
      if (oldest !== undefined) this.heads.delete(oldest);
    }
  }

  forget(key: string): void {
    this.heads.delete(key);
  }

  get size(): number {
    return this.heads.size;
  }

  /**
   * Runs `fn` once every earlier call naming one of `keys` has finished: writes of one log leave
   * this process one at a time, in the order they asked. Each call queues behind the calls already
   * queued on its keys at the moment it asks, so the waits form no cycle.
   */
  async exclusive<T>(keys: readonly string[], fn: () => Promise<T>): Promise<T> {
    const earlier = keys.map((key) => this.tails.get(key)).filter((p) => p !== undefined);
    let release!: () => void;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    for (const key of keys) this.tails.set(key, done);
    try {
      if (earlier.length > 0) await Promise.all(earlier);
      return await fn();
    } finally {
      release();
      for (const key of keys) if (this.tails.get(key) === done) this.tails.delete(key);
    }
  }
}
