import type { PrismaClient } from "../generated/prisma/client";

/**
 * The unused, unexpired link with this token hash, or null. A cheap look before the caller hashes
 * a password, so that a wrong token costs no hashing; `redeemSignInLink` checks again atomically.
 */
export async function findSignInLink(db: PrismaClient, tokenHash: string, now = new Date()) {
  const link = await db.signInLink.findUnique({ where: { tokenHash } });
  if (!link || link.usedAt || link.expiresAt <= now) return null;
  return link;
}
