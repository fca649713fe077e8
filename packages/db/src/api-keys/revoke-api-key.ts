import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { type ListedApiKey, toListedApiKey } from "./api-key-rows";
import { revokeUserKey } from "./revoke-api-key.queries";

/**
 * Revokes a key at once. Returns null for an unknown id (a dashboard account's own key counts as
 * unknown: it ends with its sessions, not here); revoking twice keeps the first time. One
 * statement, so a revocation raced by another keeps the first time too.
 */
export async function revokeApiKey(
  db: DbOrTx,
  keyId: string,
  now = new Date(),
): Promise<ListedApiKey | null> {
  const [row] = await runQuery(revokeUserKey, { keyId, now }, sqlOf(db));
  return row ? toListedApiKey(row) : null;
}
