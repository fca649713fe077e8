import { isCluster, type RedisClient } from "./connection";

/**
 * Where ctxlog's keys go on a Redis Cluster. A script, MULTI or multi-key command must name keys of
 * one slot (else CROSSSLOT), and Redis hashes only the part of a key between its first `{` and `}`
 * when there is one. So, on a Cluster only (one Redis keeps the key names it always had):
 *   - each BullMQ queue is one slot: its prefix ends in `{<queue name>}`, so all of a queue's keys
 *     (wait, active, delayed, the job hashes, …), which BullMQ's scripts touch together, hash alike,
 *     and the queues spread over the masters;
 *   - every other key is tagged by the thing it counts (a user, a webhook, an address), so keys a
 *     script touches together share a slot and the keys of different subjects spread.
 * A REDIS_PREFIX holding a tag of its own (`{ctxlog}`) wins over all of these (Redis hashes the first
 * tag): every key then lives in one slot, on one master, as on a single Redis.
 */

/** `{part}` on a Cluster, `part` on one Redis. */
export function slotTag(redis: RedisClient, part: string): string {
  return isCluster(redis) ? `{${part}}` : part;
}

/** The BullMQ `prefix` of one queue: REDIS_PREFIX on one Redis, `<REDIS_PREFIX>:{<queue>}` on a Cluster. */
export function queuePrefix(redis: RedisClient, prefix: string, queue: string): string {
  return isCluster(redis) ? `${prefix}:{${queue}}` : prefix;
}
