import { type RedisClient, slotTag } from "@ctxlog/jobs";

/**
 * Evenly spaced slots per endpoint, shared by every worker process through Redis (a GCRA-style
 * reservation: one key holds the time the endpoint's next slot opens). Times come from Redis'
 * own clock (TIME), so processes with skewed clocks still agree. A job whose slot is at most
 * `maxWaitMs` away takes it and waits in-process; a later one takes nothing and is told when to
 * come back: a second key, the deferral horizon, hands deferred jobs consecutive future slots,
 * so a backlog returns spread at the endpoint's rate instead of all at once.
 *
 * Written here rather than taken from rate-limiter-flexible (already a dependency of the API):
 * its limiters count requests per fixed window, which allows a burst of twice the rate across a
 * window edge; a receiver that asked for N per second gets gaps of 1/N s from this.
 */
const RESERVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local interval = tonumber(ARGV[1])
local maxWait = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
local ttl = math.ceil((tat - now + interval) / 1000) + 60000
if tat - now <= maxWait then
  redis.call('SET', KEYS[1], tostring(tat + interval), 'PX', ttl)
  return {1, tostring(tat - now)}
end
local horizon = tonumber(redis.call('GET', KEYS[2]) or '0')
if horizon < tat then horizon = tat end
redis.call('SET', KEYS[2], tostring(horizon + interval), 'PX', math.ceil((horizon - now + interval) / 1000) + 60000)
return {0, tostring(horizon - now)}
`;

export type RateReservation = { ok: true; waitMs: number } | { ok: false; retryInMs: number };

export class EndpointRateLimiter {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly maxWaitMs: number,
  ) {}

  /** A slot at most maxWaitMs away (wait that long, then send), or when to try again. */
  async reserve(webhookId: string, perSecond: number): Promise<RateReservation> {
    // the script reads and writes both keys: on a Cluster the webhook's tag puts them in one slot
    const key = `${this.prefix}:webhook-rate:${slotTag(this.redis, webhookId)}`;
    const [ok, micros] = (await this.redis.eval(
      RESERVE,
      2,
      key,
      `${key}:deferred`,
      String(1_000_000 / perSecond),
      String(this.maxWaitMs * 1_000),
    )) as [number, string];
    const ms = Math.max(0, Number(micros) / 1_000);
    return ok === 1 ? { ok: true, waitMs: ms } : { ok: false, retryInMs: ms };
  }
}
