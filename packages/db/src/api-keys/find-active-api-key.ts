import type { User } from "../generated/prisma/client";
import { digestBytes } from "../hex-columns";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { type ApiKey, toApiKey } from "./api-key-rows";
import { keyWithUser } from "./find-active-api-key.queries";

export type ActiveApiKey = ApiKey & { user: User };

/**
 * Looks a key up by the SHA-256 of the presented string, hashApiKey's hex (its bytes, equality on
 * the unique index api_keys_hash_key: one probe, and no comparison of secrets in our code) and returns it only while it is neither revoked nor expired. One
 * statement (it runs on every request the auth cache misses): the key joined to its user.
 */
export async function findActiveApiKey(
  db: DbOrTx,
  hash: string,
  now = new Date(),
): Promise<ActiveApiKey | null> {
  const [row] = await runQuery(keyWithUser, { hash: digestBytes(hash) }, sqlOf(db));
  if (!row) return null;
  const key = toApiKey(row);
  if (key.revokedAt || (key.expiresAt && key.expiresAt <= now)) return null;
  return { ...key, user: { id: key.userId, plan: row.u_plan, createdAt: row.u_created_at } };
}
