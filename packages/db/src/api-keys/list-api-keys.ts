import type { PrismaClient } from "../generated/prisma/client";

/** A user's keys, newest first; hashes stay inside the database layer. */
export async function listApiKeys(db: PrismaClient, userId: string) {
  return db.apiKey.findMany({
    where: { userId },
    orderBy: { id: "desc" },
    omit: { hash: true },
  });
}
