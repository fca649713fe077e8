import type { KeyRevocationSubscription } from "@ctxlog/jobs";
import type { AuthContext } from "./request-context";
import { TtlCache } from "./ttl-cache";

/**
 * Verified keys by key hash, for AUTH_CACHE_TTL_MS (0 = off), at most AUTH_CACHE_MAX_ENTRIES.
 * Trusted only while the revocation subscription is live: a revoked key is dropped the moment its
 * id is published, and when the subscription is down (messages could be missed) every request goes
 * to the database.
 *
 * Only valid keys are cached. Unknown, revoked and expired keys are never stored, so a flood of
 * wrong keys cannot push valid ones out; their cost is bounded by the failed-authentication limiter.
 */
export class AuthCache {
  private readonly entries: TtlCache<AuthContext>;
  private readonly hashesByKeyId = new Map<string, string>();
  private revocationGeneration = 0;

  constructor(
    ttlMs: number,
    private readonly revocations: Pick<KeyRevocationSubscription, "live"> | null,
    maxEntries = 10_000,
  ) {
    this.entries = new TtlCache(ttlMs, maxEntries, (_hash, auth) => this.hashesByKeyId.delete(auth.keyId));
  }

  /**
   * Moves on every revocation message and every resubscription. Read it before a database lookup
   * and hand it to `set`: if a revocation arrived while the lookup ran, the looked-up key may be
   * the revoked one, and caching it would outlive the revocation by the whole TTL.
   */
  get generation(): number {
    return this.revocationGeneration;
  }

  get size(): number {
    return this.entries.size;
  }

  get(hash: string): AuthContext | undefined {
    if (!this.revocations?.live) return undefined;
    return this.entries.get(hash);
  }

  /** Caches a key looked up at `generation`; returns false (nothing cached) if that is stale. */
  set(hash: string, auth: AuthContext, generation: number): boolean {
    if (!this.revocations?.live || generation !== this.revocationGeneration) return false;
    this.entries.set(hash, auth);
    this.hashesByKeyId.set(auth.keyId, hash);
    return true;
  }

  revoke(keyId: string): void {
    this.revocationGeneration++;
    const hash = this.hashesByKeyId.get(keyId);
    if (hash) this.entries.delete(hash);
  }

  /** After a gap in the subscription: anything may have been revoked meanwhile. */
  clear(): void {
    this.revocationGeneration++;
    this.entries.clear();
  }
}
