/** A small bounded cache with a fixed time-to-live; a TTL of 0 disables it. */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  /** `onDrop` runs for every entry that leaves the cache (evicted, expired, deleted or cleared). */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly onDrop?: (key: string, value: V) => void,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    if (this.ttlMs === 0) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    if (this.ttlMs === 0 || this.maxEntries < 1) return;
    this.delete(key);
    if (this.entries.size >= this.maxEntries) {
      // Map keeps insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.onDrop?.(key, entry.value);
  }

  clear(): void {
    const dropped = [...this.entries];
    this.entries.clear();
    if (this.onDrop) for (const [key, entry] of dropped) this.onDrop(key, entry.value);
  }
}
