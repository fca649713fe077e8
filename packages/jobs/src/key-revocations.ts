import type { RedisTarget } from "@ctxlog/core";
import { createRedisConnection, isCluster, type RedisClient } from "./connection";

/**
 * API processes cache verified keys for AUTH_CACHE_TTL_MS. Revoking (or rolling) a key publishes
 * its id here so every process drops it at once; the TTL only bounds the lag when a message is
 * lost (Redis down at the time of revocation). On a Cluster a PUBLISH reaches the subscribers of
 * every node; the channel still carries a hash tag, as every name of ours does there, so that it can
 * move to sharded pub/sub (SPUBLISH) without a rename.
 */
export const keyRevocationChannel = (prefix: string, clustered = false) =>
  clustered ? `${prefix}:{keys}:revoked` : `${prefix}:keys:revoked`;

export async function publishKeyRevocation(
  redis: RedisClient,
  prefix: string,
  keyId: string,
): Promise<number> {
  return redis.publish(keyRevocationChannel(prefix, isCluster(redis)), keyId);
}

export interface KeyRevocationSubscription {
  /** false while the subscription is down: messages may be missed, so caches must not be trusted */
  readonly live: boolean;
  close(): Promise<void>;
}

/**
 * Listens for revocations on a connection of its own. `onGap` runs whenever the subscription comes
 * back after a disconnection (ioredis re-subscribes by itself), since revocations published in
 * between were missed.
 */
export function subscribeKeyRevocations(
  target: string | RedisTarget,
  prefix: string,
  handlers: { onRevoked: (keyId: string) => void; onGap: () => void; onError?: (err: Error) => void },
): KeyRevocationSubscription {
  const redis = createRedisConnection(target, "worker");
  const channel = keyRevocationChannel(prefix, isCluster(redis));
  let live = false;
  let subscribedOnce = false;
  redis.on("message", (from: string, keyId: string) => {
    if (from === channel) handlers.onRevoked(keyId);
  });
  redis.on("error", (err: Error) => handlers.onError?.(err));
  redis.on("close", () => {
    live = false;
  });
  const subscribe = () =>
    redis.subscribe(channel).then(
      () => {
        if (subscribedOnce) handlers.onGap();
        subscribedOnce = true;
        live = true;
      },
      (err: Error) => handlers.onError?.(err),
    );
  redis.on("ready", () => void subscribe());
  return {
    get live() {
      return live;
    },
    async close() {
      live = false;
      redis.disconnect();
    },
  };
}
