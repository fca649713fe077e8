import type { PrismaClient } from "../generated/prisma/client";

/**
 * Moves a session's idle expiry forward. Written only when last_seen_at is older than `everyMs`,
 * so a busy dashboard costs one UPDATE a minute, not one per request. Returns the new value or null.
 */
export async function touchSession(
  db: PrismaClient,
  sessionId: string,
  opts: { everyMs: number; now?: Date },
): Promise<Date | null> {
  const now = opts.now ?? new Date();
  const { count } = await db.session.updateMany({
    where: { id: sessionId, revokedAt: null, lastSeenAt: { lt: new Date(now.getTime() - opts.everyMs) } },
    data: { lastSeenAt: now },
  });
  return count > 0 ? now : null;
}
