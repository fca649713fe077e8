import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { type ListedApiKey, toListedApiKey } from "./api-key-rows";
import { userKeyById } from "./find-user-api-key.queries";

/** A key of this user by id (not a dashboard account's own key), without its hash; else null. */
export async function findUserApiKey(
  db: DbOrTx,
  userId: string,
  keyId: string,
): Promise<ListedApiKey | null> {
  const [row] = await runQuery(userKeyById, { userId, keyId }, sqlOf(db));
  return row ? toListedApiKey(row) : null;
}
