import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { setKeyLastUsed } from "./record-api-key-use.queries";

/**
 * Sets last_used_at, unless it is already more recent than `everyMs` ago (another process wrote
 * it): one small UPDATE per key a minute at most, whatever the request rate.
 */
export async function recordApiKeyUse(
  db: DbOrTx,
  keyId: string,
  opts: { everyMs: number; now?: Date },
): Promise<void> {
  const now = opts.now ?? new Date();
  const usedBefore = new Date(now.getTime() - opts.everyMs);
  await runQuery(setKeyLastUsed, { keyId, now, usedBefore }, sqlOf(db));
}
