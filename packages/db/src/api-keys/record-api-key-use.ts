import type { PrismaClient } from "../generated/prisma/client";

/**
 * Sets last_used_at, unless it is already more recent than `everyMs` ago (another process wrote
 * it): one small UPDATE per key a minute at most, whatever the request rate.
 */
export async function recordApiKeyUse(
  db: PrismaClient,
  keyId: string,
  opts: { everyMs: number; now?: Date },
): Promise<void> {
  const now = opts.now ?? new Date();
  await db.apiKey.updateMany({
    where: {
      id: keyId,
      OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now.getTime() - opts.everyMs) } }],
    },
    data: { lastUsedAt: now },
  });
}
