import type { PrismaClient } from "../generated/prisma/client";

/**
 * Revokes a key at once. Returns null for an unknown id (a dashboard account's own key counts as
 * unknown: it ends with its sessions, not here); revoking twice keeps the first time.
 */
export async function revokeApiKey(db: PrismaClient, keyId: string, now = new Date()) {
  const key = await db.apiKey.findUnique({ where: { id: keyId }, omit: { hash: true } });
  if (!key || key.accountId !== null) return null;
  if (key.revokedAt) return key;
  return db.apiKey.update({ where: { id: keyId }, data: { revokedAt: now }, omit: { hash: true } });
}
