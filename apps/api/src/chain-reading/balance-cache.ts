/**
 * The anchor key's balance for the overview, read from the chain at most once per `ttlMs` per
 * process, and never in the way of the page: a value older than `ttlMs` is still answered at once
 * while one refresh runs behind it, and only the first read of an address waits for the node, at
 * most `waitMs` (then null, "unknown"). When the RPC node hangs — exactly when an operator opens the
 * overview to see why anchoring stalled — the overview answers from what it knew instead of waiting
 * out the RPC timeout on every load. A failed read keeps the last value.
 */
export interface BalanceCache {
  get(address: string): Promise<bigint | null>;
}

export interface BalanceCacheOptions {
  /** the node's answer; null when it cannot say */
  read(address: string): Promise<bigint | null>;
  ttlMs: number;
  waitMs: number;
  now?: () => number;
}

export function createBalanceCache(opts: BalanceCacheOptions): BalanceCache {
  const now = opts.now ?? Date.now;
  let known: { address: string; value: bigint; at: number } | null = null;
  let refreshing: { address: string; done: Promise<void> } | null = null;

  const refresh = (address: string): Promise<void> => {
    if (refreshing?.address === address) return refreshing.done;
    const done = opts
      .read(address)
      .then((value) => {
        if (value !== null) known = { address, value, at: now() };
      })
      .catch(() => {}) // a read that throws is a read that could not say: the last value stays
      .finally(() => {
        if (refreshing?.done === done) refreshing = null;
      });
    refreshing = { address, done };
    return done;
  };

  return {
    async get(address) {
      const current = known?.address === address ? known : null;
      if (current && now() - current.at < opts.ttlMs) return current.value;
      const done = refresh(address);
      if (current) return current.value; // stale, answered now; the refresh runs behind it
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, opts.waitMs);
      });
      await Promise.race([done, waited]);
      clearTimeout(timer);
      return known?.address === address ? known.value : null;
    },
  };
}
