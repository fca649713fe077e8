import type { PrismaClient } from "../generated/prisma/client";

/**
 * A user's keys, newest first; hashes stay inside the database layer. The keys dashboard accounts
 * act as are not keys anyone holds, so they are never listed.
 */
export async function listApiKeys(db: PrismaClient, userId: string) {
  return db.apiKey.findMany({
    where: { userId, accountId: null },
    orderBy: { id: "desc" },
    omit: { hash: true },
  });
}
