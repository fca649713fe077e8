import { publishKeyRevocation } from "@ctxlog/jobs";
import type { ApiDeps } from "../../deps";

/**
 * Tells every API process (this one at once) to drop a key from its auth cache, as the CLI does.
 * The change is already committed: a failed publication only delays it to AUTH_CACHE_TTL_MS.
 */
export async function publishKeyChange({ redis, env, authCache, logger }: ApiDeps, keyId: string) {
  authCache.revoke(keyId);
  await publishKeyRevocation(redis, env.REDIS_PREFIX, keyId).catch((err: Error) =>
    logger.warn(
      { err: err.message, keyId },
      "could not publish a key change; other processes drop it within AUTH_CACHE_TTL_MS",
    ),
  );
}
