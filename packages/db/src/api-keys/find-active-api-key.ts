import type { ApiKey, User } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { toApiKey } from "./api-key-rows";
import { keyWithUser } from "./find-active-api-key.queries";

export type ActiveApiKey = ApiKey & { user: User };

/**
 * Looks a key up by the SHA-256 of the presented string (a unique index, so no comparison of
 * secrets happens in our code) and returns it only while it is neither revoked nor expired. One
 * statement (it runs on every request the auth cache misses): the key joined to its user.
 */
export async function findActiveApiKey(
  db: DbOrTx,
  hash: string,
  now = new Date(),
): Promise<ActiveApiKey | null> {
  const [row] = await runQuery(keyWithUser, { hash }, sqlOf(db));
  if (!row) return null;
  const key = toApiKey(row);
  if (key.revokedAt || (key.expiresAt && key.expiresAt <= now)) return null;
  return { ...key, user: { id: key.userId, plan: row.u_plan, createdAt: row.u_created_at } };
}
