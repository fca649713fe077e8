import { AppError } from "@ctxlog/core";
import { type RedisClient, slotTag } from "@ctxlog/jobs";
import type { Response } from "express";
import ipaddr from "ipaddr.js";
import { RateLimiterRedis } from "rate-limiter-flexible";
import { applyRateLimit, consumePoints, type RateLimitState } from "./rate-limit";

/**
 * The bucket a client address counts in: an IPv4 address itself, an IPv6 address's /64 (what one
 * host or home is usually given, so rotating through it does not buy fresh budgets). IPv4-mapped
 * IPv6 counts as the IPv4 address. `req.ip` honours TRUST_PROXY.
 */
export function clientAddressBucket(ip: string | undefined): string {
  if (!ip || !ipaddr.isValid(ip)) return `other:${ip ?? ""}`;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(":")}::/64`;
}

/** What `begin` hands back: settle it with `giveBack` or `failed` once the check is done. */
export interface Attempt {
  /**
   * The check passed (or could not be made: a database outage is no failure of the client's): the
   * attempt is given back, and with `forget`, every failure of the subject.
   */
  giveBack(opts?: { forget?: boolean }): Promise<void>;
  /**
   * The check failed: the attempt stays counted and, past `progressiveAfter` failures, the subject
   * waits longer before each next one. An attempt let through on probation is answered 429 here
   * (throws), as every request past the budget is.
   */
  failed(res: Response): Promise<void>;
}

const MAX_DELAY_SECONDS = 60 * 60;

/**
 * Failed authentications (well-formed keys that are unknown, revoked or expired; wrong passwords)
 * per subject (a client address, an account at an address) in a fixed window: `limit` per
 * `windowSeconds`, 0 = off.
 *
 * `begin` counts the attempt BEFORE the expensive check (the key lookup, argon2), with one atomic
 * Redis script (INCRBY with its expiry), and `giveBack` returns it on success: a burst of concurrent
 * attempts gets at most `limit` checks, never one per request as a read-then-write would allow.
 *
 * `probationMs`: an address out of failures may still have one check per that many ms (waiting
 * for it up to that long), so a valid key sent from an address others have exhausted (NAT, a
 * shared egress) is still served after a short, bounded delay; the checks that fail on probation
 * are answered 429 like the rest. `progressiveAfter`: past that many failures in the window, the
 * subject must wait 1, 2, 4, … s before its next attempt (429 with Retry-After until then).
 */
export class FailedAuthLimiter {
  private readonly limiter: RateLimiterRedis | null;

  private readonly probation: RateLimiterRedis | null;

  private readonly refusal: string;

  private readonly delayPrefix: string;

  constructor(
    private readonly redis: RedisClient,
    private readonly opts: {
      prefix: string;
      limit: number;
      windowSeconds: number;
      /** the counters' Redis key part (default `authfail`); the sign-in limiters have their own */
      name?: string;
      /** the 429's message */
      refusal?: string;
      /** one check per this many ms for a subject past its budget (unset: none) */
      probationMs?: number;
      /** failures after which each next attempt waits progressively longer (unset: never) */
      progressiveAfter?: number;
    },
  ) {
    this.refusal = opts.refusal ?? "Too many failed authentication attempts from this address; retry later.";
    const keyPrefix = `${opts.prefix}:${opts.name ?? "authfail"}`;
    this.delayPrefix = `${keyPrefix}:delay:`;
    this.limiter =
      opts.limit > 0
        ? new RateLimiterRedis({
            storeClient: redis,
            keyPrefix,
            points: opts.limit,
            duration: opts.windowSeconds,
            rejectIfRedisNotReady: true,
          })
        : null;
    this.probation =
      opts.limit > 0 && opts.probationMs
        ? new RateLimiterRedis({
            storeClient: redis,
            keyPrefix: `${keyPrefix}:probation`,
            points: 1,
            duration: Math.max(1, Math.ceil(opts.probationMs / 1000)),
            rejectIfRedisNotReady: true,
          })
        : null;
  }

  /**
   * Counts one attempt of `subject` before it is checked; throws 429 RATE_LIMIT_EXCEEDED (with
   * Retry-After) when the subject has no attempts left (or must wait), 503 when Redis is down.
   */
  async begin(untagged: string, res: Response): Promise<Attempt> {
    const limiter = this.limiter;
    if (!limiter) return { giveBack: async () => {}, failed: async () => {} };
    const subject = this.key(untagged);
    if (this.opts.progressiveAfter !== undefined) {
      const waitMs = await unavailableOnError(this.redis.pttl(this.delayPrefix + subject));
      if (waitMs > 0) this.refuse(res, limiter.points, waitMs);
    }
    // refused attempts are given back at once: only attempts that were made are counted
    let state = await consumePoints(limiter, subject, 1, { refundRefused: true });
    if (!state.allowed && this.probation) {
      // the budget may be held by lookups still under way, most of which will be given back
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
      state = await consumePoints(limiter, subject, 1, { refundRefused: true });
    }
    if (state.allowed) {
      applyRateLimit(res, state, "");
      return {
        giveBack: async (opts) => {
          await (opts?.forget ? this.resetKey(subject) : limiter.reward(subject, 1).catch(() => {}));
        },
        failed: async (failedRes) => {
          const spent = limiter.points - state.remaining;
          await this.delayNext(subject, spent);
          // This request is answered 401 either way; the next one will meet the budget.
          applyRateLimit(failedRes, { ...state, allowed: true }, "");
        },
      };
    }
    await this.waitForProbation(subject, res, state);
    // let through on probation: a valid key is served; a failure is refused like the budget's
    return {
      giveBack: async () => {},
      failed: async (failedRes) => applyRateLimit(failedRes, state, this.refusal),
    };
  }

  /**
   * Past the budget: one check per probation period, waited for up to two periods; else 429. The
   * wait loops on the slot's own reset time rather than counting tries: a timer may fire a little
   * before the Redis key expires (a busy event loop's cached clock), and that must cost a retry a few
   * ms later, never the valid credential's answer.
   */
  private async waitForProbation(subject: string, res: Response, state: RateLimitState) {
    const probation = this.probation;
    const probationMs = this.opts.probationMs;
    if (probation && probationMs) {
      const deadline = Date.now() + 2 * probationMs;
      for (;;) {
        const slot = await consumePoints(probation, subject, 1);
        if (slot.allowed) return;
        const waitMs = Math.max(5, slot.resetAt.getTime() - Date.now());
        if (Date.now() + waitMs > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, waitMs + Math.random() * 50));
      }
    }
    applyRateLimit(res, { ...state, allowed: false }, this.refusal);
  }

  /** `failures` failures so far: past `progressiveAfter`, the next attempt waits 1, 2, 4, … s. */
  private async delayNext(subject: string, failures: number) {
    const after = this.opts.progressiveAfter;
    if (after === undefined || failures < after) return;
    const seconds = Math.min(2 ** (failures - after), this.opts.windowSeconds, MAX_DELAY_SECONDS);
    await this.redis.set(this.delayPrefix + subject, "1", "PX", seconds * 1000).catch(() => {});
  }

  private refuse(res: Response, limit: number, waitMs: number): never {
    applyRateLimit(
      res,
      { allowed: false, limit, remaining: 0, resetAt: new Date(Date.now() + waitMs) },
      this.refusal,
    );
    throw new Error("unreachable"); // applyRateLimit threw the 429
  }

  /**
   * Throws 429 when `address` has no failures left. Read-then-check: concurrent requests may all
   * pass it, so the checks that cost (a key lookup, argon2) use `begin` instead.
   */
  async check(address: string, res: Response): Promise<void> {
    if (!this.limiter) return;
    let spent: Awaited<ReturnType<RateLimiterRedis["get"]>>;
    try {
      spent = await this.limiter.get(this.key(address));
    } catch (err) {
      throw new AppError("SERVICE_UNAVAILABLE", "Rate limiting is unavailable; retry with backoff.", {
        cause: err,
      });
    }
    if (!spent || spent.consumedPoints < this.limiter.points) return;
    this.refuse(res, this.limiter.points, spent.msBeforeNext);
  }

  /** Counts one failure (after `check`); the response carries the address's remaining failures. */
  async recordFailure(address: string, res: Response): Promise<void> {
    if (!this.limiter) return;
    const state = await consumePoints(this.limiter, this.key(address), 1);
    // This request is answered 401 either way; the next one will meet `check`.
    applyRateLimit(res, { ...state, allowed: true }, "");
  }

  /** Forgets `subject`'s failures (a successful sign-in to that account). */
  async reset(subject: string): Promise<void> {
    await this.resetKey(this.key(subject));
  }

  /** A subject as its keys name it: on a Cluster, a slot of its own (a hash tag). */
  private key(subject: string): string {
    return slotTag(this.redis, subject);
  }

  private async resetKey(subject: string): Promise<void> {
    await this.limiter?.delete(subject).catch(() => {});
    if (this.opts.progressiveAfter !== undefined)
      await this.redis.del(this.delayPrefix + subject).catch(() => {});
  }
}

async function unavailableOnError<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    throw new AppError("SERVICE_UNAVAILABLE", "Rate limiting is unavailable; retry with backoff.", {
      cause: err,
    });
  }
}
