import type { Prisma, PrismaClient } from "../generated/prisma/client";
import { idsBefore, toPage } from "../page";

export type ApiKeyStatus = "active" | "revoked" | "expired";

/** A key's state at `now`: revoked wins over expired. */
export function apiKeyStatus(key: { revokedAt: Date | null; expiresAt: Date | null }, now = new Date()) {
  if (key.revokedAt) return "revoked" as const;
  if (key.expiresAt && key.expiresAt <= now) return "expired" as const;
  return "active" as const;
}

function statusWhere(status: ApiKeyStatus | undefined, now: Date): Prisma.ApiKeyWhereInput {
  switch (status) {
    case "active":
      return { revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] };
    case "revoked":
      return { revokedAt: { not: null } };
    case "expired":
      return { revokedAt: null, expiresAt: { lte: now } };
    default:
      return {};
  }
}

/** One page of a user's keys (the dashboard's list), newest first, without hashes or account keys. */
export async function listApiKeyPage(
  db: PrismaClient,
  userId: string,
  query: { limit: number; after?: string; status?: ApiKeyStatus; now?: Date },
) {
  const rows = await db.apiKey.findMany({
    where: {
      userId,
      accountId: null,
      ...statusWhere(query.status, query.now ?? new Date()),
      ...idsBefore(query.after),
    },
    orderBy: { id: "desc" },
    take: query.limit + 1,
    omit: { hash: true },
  });
  return toPage(rows, query.limit);
}
