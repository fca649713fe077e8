import type { KeyRevocationSubscription } from "@ctxlog/jobs";
import type { AuthContext } from "./request-context";
import { TtlCache } from "./ttl-cache";

/**
 * Verified keys by key hash, for AUTH_CACHE_TTL_MS (0 = off). Trusted only while the revocation
 * subscription is live: a revoked key is dropped the moment its id is published, and when the
 * subscription is down (messages could be missed) every request goes to the database.
 */
export class AuthCache {
  private readonly entries: TtlCache<AuthContext | null>;
  private readonly hashesByKeyId = new Map<string, string>();

  constructor(
    ttlMs: number,
    private readonly revocations: Pick<KeyRevocationSubscription, "live"> | null,
  ) {
    this.entries = new TtlCache(ttlMs, 10_000);
  }

  get(hash: string): AuthContext | null | undefined {
    if (!this.revocations?.live) return undefined;
    return this.entries.get(hash);
  }

  set(hash: string, auth: AuthContext | null): void {
    if (!this.revocations?.live) return;
    this.entries.set(hash, auth);
    if (auth) this.hashesByKeyId.set(auth.keyId, hash);
    if (this.hashesByKeyId.size > 20_000) this.hashesByKeyId.clear(); // entries still expire by TTL
  }

  revoke(keyId: string): void {
    const hash = this.hashesByKeyId.get(keyId);
    if (hash) this.entries.delete(hash);
    this.hashesByKeyId.delete(keyId);
  }

  clear(): void {
    this.entries.clear();
    this.hashesByKeyId.clear();
  }
}
