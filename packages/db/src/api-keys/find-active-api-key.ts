import type { ApiKey, PrismaClient, User } from "../generated/prisma/client";

export type ActiveApiKey = ApiKey & { user: User };

/**
 * Looks a key up by the SHA-256 of the presented string (a unique index, so no comparison of
 * secrets happens in our code) and returns it only while it is neither revoked nor expired.
 */
export async function findActiveApiKey(db: PrismaClient, hash: string, now = new Date()) {
  const key = await db.apiKey.findUnique({ where: { hash }, include: { user: true } });
  if (!key || key.revokedAt || (key.expiresAt && key.expiresAt <= now)) return null;
  return key satisfies ActiveApiKey;
}
