import { HOLD_LIFECYCLE, newId, transition } from "@ctxlog/core";
import { toPage } from "../page";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction, sqlOf } from "../sql-transaction";
import {
  holdsOfAgent,
  holdsOverlapping,
  insertLegalHold,
  lockAgentLogForHold,
  releaseLegalHold as releaseHoldRow,
} from "./legal-holds.queries";

/**
 * A legal hold on an agent's log (prisma/schema.prisma, LegalHold). This module is the one writer of
 * a hold, each write a transition of @ctxlog/core's HOLD_LIFECYCLE (holds-owners.test.ts).
 */
export interface LegalHold {
  id: string;
  agentId: string;
  reason: string;
  placedAt: Date;
  /** `key:<id>` or `account:<id>`, as an erasure names its eraser */
  placedBy: string;
  releasedAt: Date | null;
  releasedBy: string | null;
}

interface HoldRow {
  id: string;
  agent_id: string;
  reason: string;
  placed_at: Date;
  placed_by: string;
  released_at: Date | null;
  released_by: string | null;
}

const toHold = (r: HoldRow): LegalHold => ({
  id: r.id,
  agentId: r.agent_id,
  reason: r.reason,
  placedAt: r.placed_at,
  placedBy: r.placed_by,
  releasedAt: r.released_at,
  releasedBy: r.released_by,
});

/**
 * Places a hold on one of the user's agents. Null when the user has no log for that agent (the API
 * answers 404, as for another user's agent). Holds the log's row FOR UPDATE while it writes, so an
 * erasure that starts now waits, then sees the hold.
 */
export async function placeLegalHold(
  db: DbOrTx,
  input: { userId: string; agentId: string; reason: string; by: string; at?: Date },
): Promise<LegalHold | null> {
  transition(HOLD_LIFECYCLE, null, "place");
  return inSqlTransaction(db, async (sql) => {
    const [log] = await runQuery(lockAgentLogForHold, input, sql);
    if (!log) return null;
    const [row] = await runQuery(
      insertLegalHold,
      { ...input, id: newId("hld"), placedAt: input.at ?? new Date(), placedBy: input.by },
      sql,
    );
    return row ? toHold(row) : null;
  });
}

/**
 * Releases a hold of the user's agent. Null when there is no such hold (another user's, another
 * agent's). A hold released already is answered as it is (its first release kept).
 */
export async function releaseLegalHold(
  db: DbOrTx,
  input: { userId: string; agentId: string; holdId: string; by: string; at?: Date },
): Promise<LegalHold | null> {
  // an active hold is released; a released one is answered as it is (the statement keeps its first release)
  transition(HOLD_LIFECYCLE, "active", "release");
  const [row] = await runQuery(
    releaseHoldRow,
    {
      id: input.holdId,
      userId: input.userId,
      agentId: input.agentId,
      by: input.by,
      at: input.at ?? new Date(),
    },
    sqlOf(db),
  );
  return row ? toHold(row) : null;
}

/** The holds of one of the user's agents, newest first, active and released. */
export async function listLegalHolds(
  db: DbOrTx,
  input: { userId: string; agentId: string; limit: number; after?: string },
) {
  const rows = await runQuery(
    holdsOfAgent,
    { userId: input.userId, agentId: input.agentId, after: input.after ?? null, limit: input.limit + 1 },
    sqlOf(db),
  );
  const page = toPage(rows, input.limit);
  return { rows: page.rows.map(toHold), nextAfter: page.nextAfter };
}

/** The agent's holds in force at some time of [from, to), oldest first (an evidence pack's policy.json). */
export async function legalHoldsOverlapping(
  db: DbOrTx,
  input: { userId: string; agentId: string; from: Date; to: Date },
): Promise<LegalHold[]> {
  return (await runQuery(holdsOverlapping, input, sqlOf(db))).map(toHold);
}
