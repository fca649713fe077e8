import { randomBytes } from "node:crypto";
import { AppError } from "@ctxlog/core";
import { type RedisClient, slotTag } from "@ctxlog/jobs";
import type { Response } from "express";

// A slot is held for this long and renewed while its export runs, so a process that dies
// mid-export frees its user's slot within a lease.
const LEASE_MS = 60_000;
const RENEW_MS = 20_000;
const RETRY_AFTER_SECONDS = 5;

// KEYS[1] the user's slots (a sorted set: member = slot id, score = lease end in ms).
// ARGV: now, lease end, max, slot id. Atomic: concurrent exports never take more than max slots.
const ACQUIRE = `
redis.call('zremrangebyscore', KEYS[1], '-inf', ARGV[1])
if redis.call('zcard', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('zadd', KEYS[1], ARGV[2], ARGV[4])
redis.call('pexpire', KEYS[1], ${LEASE_MS})
return 1`;

function tooMany(res: Response, message: string): AppError {
  res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  return new AppError("RATE_LIMIT_EXCEEDED", message);
}

/**
 * At most `perUser` exports of one user at once (over every API process, in Redis) and at most
 * `perProcess` in this process (in memory): an export holds a connection and a page of entries
 * for as long as the client reads, so their number bounds the memory and the database time they
 * take. Past either, 429 RATE_LIMIT_EXCEEDED with Retry-After.
 */
export class ExportSlots {
  private running = 0;

  constructor(
    private readonly redis: RedisClient,
    private readonly opts: { prefix: string; perUser: number; perProcess: number },
  ) {}

  /** Takes a slot for `userId`'s export, or throws 429; `release` gives it back (once). */
  async acquire(userId: string, res: Response): Promise<() => void> {
    if (this.running >= this.opts.perProcess) {
      throw tooMany(res, "Too many exports are running on this server; retry later.");
    }
    this.running++;
    const key = `${this.opts.prefix}:exports:${slotTag(this.redis, userId)}`;
    const slot = randomBytes(8).toString("hex");
    let taken: unknown;
    try {
      const now = Date.now();
      taken = await this.redis.eval(ACQUIRE, 1, key, now, now + LEASE_MS, this.opts.perUser, slot);
    } catch (err) {
      this.running--;
      throw new AppError("SERVICE_UNAVAILABLE", "Export limits are unavailable; retry with backoff.", {
        cause: err,
      });
    }
    if (taken !== 1) {
      this.running--;
      throw tooMany(res, `At most ${this.opts.perUser} exports may run at once; retry later.`);
    }
    const renew = setInterval(() => {
      this.redis.zadd(key, Date.now() + LEASE_MS, slot).catch(() => {});
    }, RENEW_MS);
    renew.unref();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      clearInterval(renew);
      this.running--;
      this.redis.zrem(key, slot).catch(() => {}); // at worst the lease runs out
    };
  }
}
