/**
 * Concurrent requests with one credential share one lookup (and so one counted attempt): a burst
 * of a valid key on a cold cache is one query and never spends the address's failure budget, and
 * behind an address others exhausted, one probation slot serves all of a dashboard page's requests.
 * A request whose shared lookup failed (a 429 answered for another request, an outage) makes its
 * own, so it is answered for itself.
 */
export function sharedLookup<A extends unknown[], T>(
  lookup: (credentialHash: string, ...args: A) => Promise<T>,
): (credentialHash: string, ...args: A) => Promise<T> {
  const inflight = new Map<string, Promise<T>>();
  return (credentialHash, ...args) => {
    const shared = inflight.get(credentialHash);
    if (shared) return shared.catch(() => lookup(credentialHash, ...args));
    const own = lookup(credentialHash, ...args);
    inflight.set(credentialHash, own);
    own.finally(() => inflight.delete(credentialHash)).catch(() => {});
    return own;
  };
}
