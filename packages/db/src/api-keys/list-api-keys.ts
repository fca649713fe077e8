import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { type ListedApiKey, toListedApiKey } from "./api-key-rows";
import { userKeys } from "./list-api-keys.queries";

/**
 * A user's keys, newest first; hashes stay inside the database layer. The keys dashboard accounts
 * act as are not keys anyone holds, so they are never listed.
 */
export async function listApiKeys(db: DbOrTx, userId: string): Promise<ListedApiKey[]> {
  return (await runQuery(userKeys, { userId }, sqlOf(db))).map(toListedApiKey);
}
