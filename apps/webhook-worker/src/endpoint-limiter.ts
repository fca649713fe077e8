/** One of an endpoint's slots, held for one attempt. */
export interface EndpointLease {
  /** Gives the slot back (to the next waiter, if any); the attempt's duration feeds the pace. */
  release(): void;
}

interface Endpoint {
  /** start times of the attempts in flight (at most `perEndpoint`) */
  inFlight: Set<{ startedAt: number }>;
  /** jobs holding a worker slot while they wait for one of this endpoint's */
  waiters: (() => void)[];
  /** moving average of attempt durations, ms */
  averageMs: number;
  /** virtual time at which the next deferred job may expect a free slot */
  nextFreeAt: number;
}

/** How the limiter learns an endpoint's pace (the average time of one attempt). */
const PACE = {
  /** assumed for an endpoint never seen, or forgotten */
  initialMs: 100,
  /** weight of the newest attempt in the moving average */
  smoothing: 0.2,
  /** the shortest deferral: less is not worth a round through Redis' delayed set */
  minDeferMs: 20,
  /**
   * Idle endpoints whose measured pace is kept. An endpoint that goes quiet between bursts must
   * not restart from the guess: with it, a burst to a 2 ms endpoint looks slow, its jobs are
   * deferred to Redis' delayed set, and a delivery that could take milliseconds takes hundreds.
   */
  rememberedIdle: 10_000,
} as const;

export interface EndpointLimiterOptions {
  /** attempts in flight per endpoint */
  perEndpoint: number;
  /** a job waits in-process for its endpoint only when a slot should be free within this */
  maxWaitMs: number;
  /** a deferred job never waits longer than this before looking again */
  maxDeferMs: number;
}

/**
 * At most `perEndpoint` attempts in flight per webhook in this process, so one slow or dead
 * endpoint holds a bounded share of the worker. A job that finds its endpoint full either waits
 * here, keeping its worker slot, when a slot should free up within `maxWaitMs` (a busy but fast
 * endpoint: no Redis round-trips; it gives up after `maxWaitMs` all the same), or is deferred — moved to BullMQ's delayed set, no attempt
 * counted — to when a slot should be free, deferred jobs spaced by the endpoint's attempt time
 * over its concurrency, so a slow endpoint's backlog drains at its pace instead of occupying the
 * worker or spinning through Redis.
 */
export class EndpointLimiter {
  private readonly endpoints = new Map<string, Endpoint>();
  /** average attempt time of endpoints with nothing in flight, oldest first (an LRU by insertion) */
  private readonly idlePaces = new Map<string, number>();

  constructor(private readonly opts: EndpointLimiterOptions) {}

  /** A lease, at once or after a short wait; null when the job should be deferred instead. */
  acquire(key: string): EndpointLease | null | Promise<EndpointLease | null> {
    const endpoint = this.endpoint(key);
    if (endpoint.inFlight.size < this.opts.perEndpoint && endpoint.waiters.length === 0) {
      return this.lease(key, endpoint);
    }
    // How long a slot takes to free: the usual attempt time, or longer if the attempts in flight
    // have already been running longer (an endpoint that just became slow).
    const now = Date.now();
    let oldest = now;
    for (const attempt of endpoint.inFlight) oldest = Math.min(oldest, attempt.startedAt);
    const serviceMs = Math.max(endpoint.averageMs, now - oldest);
    const expectedWaitMs = ((endpoint.waiters.length + 1) * serviceMs) / this.opts.perEndpoint;
    if (expectedWaitMs > this.opts.maxWaitMs) return null;
    return new Promise((resolve) => {
      // Served in turn by `release`, or given up after maxWaitMs (the estimate was too hopeful:
      // the endpoint just slowed down), so no job holds a worker slot longer than that.
      const serve = () => {
        clearTimeout(timer);
        resolve(this.lease(key, endpoint));
      };
      const timer = setTimeout(() => {
        const at = endpoint.waiters.indexOf(serve);
        if (at >= 0) endpoint.waiters.splice(at, 1);
        resolve(null);
      }, this.opts.maxWaitMs);
      endpoint.waiters.push(serve);
    });
  }

  /** How long a job refused by `acquire` should be deferred. */
  deferMs(key: string, now = Date.now()): number {
    const endpoint = this.endpoint(key);
    const slot = Math.max(now, endpoint.nextFreeAt) + endpoint.averageMs / this.opts.perEndpoint;
    endpoint.nextFreeAt = slot;
    return Math.min(this.opts.maxDeferMs, Math.max(PACE.minDeferMs, Math.round(slot - now)));
  }

  inFlight(key: string): number {
    return this.endpoints.get(key)?.inFlight.size ?? 0;
  }

  waiting(key: string): number {
    return this.endpoints.get(key)?.waiters.length ?? 0;
  }

  private lease(key: string, endpoint: Endpoint): EndpointLease {
    const attempt = { startedAt: Date.now() };
    endpoint.inFlight.add(attempt);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        endpoint.inFlight.delete(attempt);
        endpoint.averageMs += PACE.smoothing * (Date.now() - attempt.startedAt - endpoint.averageMs);
        const next = endpoint.waiters.shift();
        if (next) next();
        else if (endpoint.inFlight.size === 0 && endpoint.nextFreeAt < Date.now()) this.retire(key, endpoint);
      },
    };
  }

  /** The pace an endpoint would start from now: its own while in use or remembered, else the guess. */
  paceMs(key: string): number {
    return this.endpoints.get(key)?.averageMs ?? this.idlePaces.get(key) ?? PACE.initialMs;
  }

  private endpoint(key: string): Endpoint {
    let endpoint = this.endpoints.get(key);
    if (!endpoint) {
      const averageMs = this.idlePaces.get(key) ?? PACE.initialMs;
      this.idlePaces.delete(key);
      endpoint = { inFlight: new Set(), waiters: [], averageMs, nextFreeAt: 0 };
      this.endpoints.set(key, endpoint);
    }
    return endpoint;
  }

  /** Forgets an idle endpoint's slots but keeps its pace for its next burst. */
  private retire(key: string, endpoint: Endpoint): void {
    this.endpoints.delete(key);
    this.idlePaces.set(key, endpoint.averageMs);
    if (this.idlePaces.size > PACE.rememberedIdle) {
      this.idlePaces.delete(this.idlePaces.keys().next().value as string);
    }
  }
}
