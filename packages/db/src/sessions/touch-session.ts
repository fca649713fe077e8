import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { touchLiveSession } from "./touch-session.queries";

/**
 * Moves a session's idle expiry forward. Written only when last_seen_at is older than `everyMs`,
 * so a busy dashboard costs one UPDATE a minute, not one per request. Returns the new value or null.
 */
export async function touchSession(
  db: DbOrTx,
  sessionId: string,
  opts: { everyMs: number; now?: Date },
): Promise<Date | null> {
  const now = opts.now ?? new Date();
  const seenBefore = new Date(now.getTime() - opts.everyMs);
  const touched = await runQuery(touchLiveSession, { sessionId, now, seenBefore }, sqlOf(db));
  return touched.length > 0 ? now : null;
}
