import { AppError } from "@ctxlog/core";
import type { RequestHandler } from "express";
import type { Redis } from "ioredis";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";

export interface RateLimitState {
  limit: number;
  remaining: number;
  resetAt: Date;
}

declare module "express-serve-static-core" {
  interface Request {
    rateLimit?: RateLimitState;
  }
}

/**
 * Fixed-window limits per API key, sized by the user's plan, counted atomically in Redis by
 * rate-limiter-flexible. An unknown plan falls back to the default plan's limit.
 */
export class PlanRateLimiter {
  private readonly limiters = new Map<string, { limiter: RateLimiterRedis; points: number }>();

  constructor(
    private readonly redis: Redis,
    private readonly opts: {
      prefix: string;
      plans: Record<string, number>;
      defaultPlan: string;
      windowSeconds: number;
    },
  ) {}

  private limiterFor(plan: string) {
    const name = plan in this.opts.plans ? plan : this.opts.defaultPlan;
    let entry = this.limiters.get(name);
    if (!entry) {
      const points = this.opts.plans[name] ?? 0;
      entry = {
        points,
        limiter: new RateLimiterRedis({
          storeClient: this.redis,
          keyPrefix: `${this.opts.prefix}:ratelimit:${name}`,
          points,
          duration: this.opts.windowSeconds,
          rejectIfRedisNotReady: true,
        }),
      };
      this.limiters.set(name, entry);
    }
    return entry;
  }

  /** Spends one request; `allowed` is false once the window's budget is gone. */
  async consume(keyId: string, plan: string): Promise<RateLimitState & { allowed: boolean }> {
    const { limiter, points } = this.limiterFor(plan);
    let res: RateLimiterRes;
    let allowed = true;
    try {
      res = await limiter.consume(keyId, 1);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) {
        throw new AppError("SERVICE_UNAVAILABLE", "Rate limiting is unavailable; retry with backoff.", {
          cause: rejection,
        });
      }
      res = rejection;
      allowed = false;
    }
    return {
      allowed,
      limit: points,
      remaining: Math.max(0, res.remainingPoints),
      resetAt: new Date(Date.now() + res.msBeforeNext),
    };
  }
}

export function rateLimit(limiter: PlanRateLimiter): RequestHandler {
  return async (req, res, next) => {
    if (!req.auth) throw new Error("rateLimit mounted before authenticate");
    const state = await limiter.consume(req.auth.keyId, req.auth.plan);
    const resetSeconds = Math.max(0, Math.ceil((state.resetAt.getTime() - Date.now()) / 1000));
    res.setHeader("RateLimit-Limit", String(state.limit));
    res.setHeader("RateLimit-Remaining", String(state.remaining));
    res.setHeader("RateLimit-Reset", String(resetSeconds));
    req.rateLimit = state;
    if (!state.allowed) {
      res.setHeader("Retry-After", String(Math.max(1, resetSeconds)));
      throw new AppError(
        "RATE_LIMIT_EXCEEDED",
        `Rate limit of ${state.limit} requests exceeded; retry later.`,
      );
    }
    next();
  };
}
