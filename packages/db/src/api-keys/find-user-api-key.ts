import type { PrismaClient } from "../generated/prisma/client";

/** A key of this user by id (not a dashboard account's own key), without its hash; else null. */
export async function findUserApiKey(db: PrismaClient, userId: string, keyId: string) {
  return db.apiKey.findFirst({ where: { id: keyId, userId, accountId: null }, omit: { hash: true } });
}
