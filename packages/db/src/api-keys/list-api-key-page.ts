import { toPage } from "../page";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { toListedApiKey } from "./api-key-rows";
import { userKeysPage } from "./list-api-key-page.queries";

export type ApiKeyStatus = "active" | "revoked" | "expired";

/** A key's state at `now`: revoked wins over expired (userKeysPage filters by the same rule). */
export function apiKeyStatus(key: { revokedAt: Date | null; expiresAt: Date | null }, now = new Date()) {
  if (key.revokedAt) return "revoked" as const;
  if (key.expiresAt && key.expiresAt <= now) return "expired" as const;
  return "active" as const;
}

/** One page of a user's keys (the dashboard's list), newest first, without hashes or account keys. */
export async function listApiKeyPage(
  db: DbOrTx,
  userId: string,
  query: { limit: number; after?: string; status?: ApiKeyStatus; now?: Date },
) {
  const rows = await runQuery(
    userKeysPage,
    {
      userId,
      status: query.status ?? null,
      now: query.now ?? new Date(),
      after: query.after ?? null,
      limit: query.limit + 1,
    },
    sqlOf(db),
  );
  return toPage(rows.map(toListedApiKey), query.limit);
}
