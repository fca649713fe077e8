import { AppError } from "@ctxlog/core";
import type { Response } from "express";
import type { Redis } from "ioredis";
import ipaddr from "ipaddr.js";
import { RateLimiterRedis } from "rate-limiter-flexible";
import { applyRateLimit, consumePoints } from "./rate-limit";

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

/**
 * Failed authentications (well-formed keys that are unknown, revoked or expired) per client address
 * in a fixed window: AUTH_FAILURE_LIMIT per AUTH_FAILURE_WINDOW_SECONDS, 0 = off. Checked before the
 * database lookup, so an address that has used its budget gets 429s that cost one Redis read and no
 * query, whatever key it sends next. Malformed keys never reach the database and are not counted.
 */
export class FailedAuthLimiter {
  private readonly limiter: RateLimiterRedis | null;

  private readonly refusal: string;

  constructor(
    redis: Redis,
    opts: {
      prefix: string;
      limit: number;
      windowSeconds: number;
      /** the counters' Redis key part (default `authfail`); the sign-in limiters have their own */
      name?: string;
      /** the 429's message */
      refusal?: string;
    },
  ) {
    this.refusal = opts.refusal ?? "Too many failed authentication attempts from this address; retry later.";
    this.limiter =
      opts.limit > 0
        ? new RateLimiterRedis({
            storeClient: redis,
            keyPrefix: `${opts.prefix}:${opts.name ?? "authfail"}`,
            points: opts.limit,
            duration: opts.windowSeconds,
            rejectIfRedisNotReady: true,
          })
        : null;
  }

  /** Throws 429 RATE_LIMIT_EXCEEDED (with Retry-After) when `address` has no failures left. */
  async check(address: string, res: Response): Promise<void> {
    if (!this.limiter) return;
    let spent: Awaited<ReturnType<RateLimiterRedis["get"]>>;
    try {
      spent = await this.limiter.get(address);
    } catch (err) {
      throw new AppError("SERVICE_UNAVAILABLE", "Rate limiting is unavailable; retry with backoff.", {
        cause: err,
      });
    }
    if (!spent || spent.consumedPoints < this.limiter.points) return;
    applyRateLimit(
      res,
      {
        allowed: false,
        limit: this.limiter.points,
        remaining: 0,
        resetAt: new Date(Date.now() + spent.msBeforeNext),
      },
      this.refusal,
    );
  }

  /** Counts one failure; the response carries the address's remaining failures. */
  async recordFailure(address: string, res: Response): Promise<void> {
    if (!this.limiter) return;
    const state = await consumePoints(this.limiter, address, 1);
    // This request is answered 401 either way; the next one will meet `check`.
    applyRateLimit(res, { ...state, allowed: true }, "");
  }

  /** Forgets `subject`'s failures (a successful sign-in to that account). */
  async reset(subject: string): Promise<void> {
    await this.limiter?.delete(subject).catch(() => {});
  }
}
