import { AppError } from "@ctxlog/core";
import { type RedisClient, slotTag } from "@ctxlog/jobs";
import type { RequestHandler, Response } from "express";
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
 * Spends `points` from `subject`'s bucket; Redis trouble is a 503, never a free pass. With
 * `refundRefused`, points that were refused are given back, so a request too large for what is
 * left (a batch) spends nothing and `remaining` is what was left before it.
 */
export async function consumePoints(
  limiter: RateLimiterRedis,
  subject: string,
  points: number,
  opts: { refundRefused?: boolean } = {},
): Promise<RateLimitState & { allowed: boolean }> {
  let res: RateLimiterRes;
  let allowed = true;
  let remaining: number;
  try {
    res = await limiter.consume(subject, points);
    remaining = res.remainingPoints;
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) {
      throw new AppError("SERVICE_UNAVAILABLE", "Rate limiting is unavailable; retry with backoff.", {
        cause: rejection,
      });
    }
    res = rejection;
    allowed = false;
    remaining = res.remainingPoints;
    if (opts.refundRefused) {
      await limiter.reward(subject, points).catch(() => undefined); // at worst the window keeps them
      remaining = limiter.points - (res.consumedPoints - points);
    }
  }
  return {
    allowed,
    limit: limiter.points,
    remaining: Math.max(0, remaining),
    resetAt: new Date(Date.now() + res.msBeforeNext),
  };
}

/** Sets the RateLimit-* headers; past the budget, Retry-After and a 429 RATE_LIMIT_EXCEEDED. */
export function applyRateLimit(res: Response, state: RateLimitState & { allowed: boolean }, refusal: string) {
  const resetSeconds = Math.max(0, Math.ceil((state.resetAt.getTime() - Date.now()) / 1000));
  res.setHeader("RateLimit-Limit", String(state.limit));
  res.setHeader("RateLimit-Remaining", String(state.remaining));
  res.setHeader("RateLimit-Reset", String(resetSeconds));
  if (!state.allowed) {
    res.setHeader("Retry-After", String(Math.max(1, resetSeconds)));
    throw new AppError("RATE_LIMIT_EXCEEDED", refusal);
  }
}

/**
 * Fixed-window limits per user, counted in units (a request is one unit, a batch one per context), sized by the user's plan, counted atomically in Redis by
 * rate-limiter-flexible. An unknown plan falls back to the default plan's limit.
 *
 * Per user, not per key: the plan is the user's, so all of a user's keys (a key and its rolled
 * successor during the overlap included) draw on one budget. A per-key bucket of the same size
 * beside it could never be the tighter of the two, so it would cost a Redis write and decide nothing.
 */
export class PlanRateLimiter {
  private readonly limiters = new Map<string, RateLimiterRedis>();

  constructor(
    private readonly redis: RedisClient,
    private readonly opts: {
      prefix: string;
      plans: Record<string, number>;
      defaultPlan: string;
      windowSeconds: number;
    },
  ) {}

  private limiterFor(plan: string) {
    const name = plan in this.opts.plans ? plan : this.opts.defaultPlan;
    let limiter = this.limiters.get(name);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: `${this.opts.prefix}:ratelimit:${name}`,
        points: this.opts.plans[name] ?? 0,
        duration: this.opts.windowSeconds,
        rejectIfRedisNotReady: true,
      });
      this.limiters.set(name, limiter);
    }
    return limiter;
  }

  /**
   * Spends `units` of the user's budget (one per request, one per context of a batch); `allowed` is
   * false once the window's budget is gone. Units beyond one that do not fit are given back: a
   * batch larger than what is left spends nothing of it.
   */
  /** The user's budget without spending any: `allowed` is false once nothing is left. */
  async peek(userId: string, plan: string): Promise<RateLimitState & { allowed: boolean }> {
    const limiter = this.limiterFor(plan);
    let res: RateLimiterRes | null;
    try {
      res = await limiter.get(slotTag(this.redis, `user:${userId}`));
    } catch (err) {
      throw new AppError("SERVICE_UNAVAILABLE", "Rate limiting is unavailable; retry with backoff.", {
        cause: err,
      });
    }
    const used = res?.consumedPoints ?? 0;
    return {
      allowed: used < limiter.points,
      limit: limiter.points,
      remaining: Math.max(0, limiter.points - used),
      resetAt: new Date(Date.now() + (res?.msBeforeNext ?? limiter.duration * 1000)),
    };
  }

  async consume(userId: string, plan: string, units = 1): Promise<RateLimitState & { allowed: boolean }> {
    // on a Cluster the user's counter is a slot of its own (one key: no script spans slots anyway)
    const subject = slotTag(this.redis, `user:${userId}`);
    return consumePoints(this.limiterFor(plan), subject, units, { refundRefused: units > 1 });
  }
}

/**
 * For routes charged per item once their body is counted: a caller whose budget is spent is a 429
 * before the body is read, so a body is never read nor decoded for a caller who could not pay for
 * it. Spends nothing (the charge comes with the count).
 */
export function requireBudget(limiter: PlanRateLimiter): RequestHandler {
  return async (req, res, next) => {
    if (!req.auth) throw new Error("requireBudget mounted before authenticate");
    const state = await limiter.peek(req.auth.userId, req.auth.plan);
    if (!state.allowed) {
      applyRateLimit(res, state, `Rate limit of ${state.limit} units exceeded; retry later.`);
    }
    next();
  };
}

function itemCount(body: unknown, itemsOf: string | ((body: unknown) => number) | undefined): number {
  if (itemsOf === undefined) return 1;
  if (typeof itemsOf === "function") return itemsOf(body);
  const items = (body as Record<string, unknown> | undefined)?.[itemsOf];
  return Array.isArray(items) ? items.length : 1;
}

/**
 * Charges the request once: one unit, or with `itemsOf` (a batch route's array field, or a count
 * of a decoded body's items; mounted after the body is read) one unit per item. A batch larger
 * than what is left spends nothing and is refused whole.
 */
export function rateLimit(
  limiter: PlanRateLimiter,
  itemsOf?: string | ((body: unknown) => number),
): RequestHandler {
  return async (req, res, next) => {
    if (!req.auth) throw new Error("rateLimit mounted before authenticate");
    const units = Math.max(1, itemCount(req.body, itemsOf));
    const state = await limiter.consume(req.auth.userId, req.auth.plan, units);
    req.rateLimit = state;
    applyRateLimit(
      res,
      state,
      units === 1
        ? `Rate limit of ${state.limit} units exceeded; retry later.`
        : `This batch costs ${units} units of the rate limit and ${state.remaining} were left; nothing ` +
            "was written. Retry later or send fewer.",
    );
    next();
  };
}
