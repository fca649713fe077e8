import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { anchoringHealthOf, saveAnchoringHealthOf } from "./anchoring-health.queries";

export type AnchoringState = "ok" | "stalled" | "wrong_chain";

export interface AnchoringHealthRecord {
  network: string;
  state: AnchoringState;
  lastError: string | null;
  lastErrorAt: Date | null;
  oldestPendingAt: Date | null;
  thresholdSeconds: number;
}

/** The chain worker's verdict on anchoring, written for readers that have only PostgreSQL. */
export async function saveAnchoringHealth(db: DbOrTx, h: AnchoringHealthRecord): Promise<void> {
  await runQuery(saveAnchoringHealthOf, h, sqlOf(db));
}

export async function readAnchoringHealth(
  db: DbOrTx,
  network: string,
): Promise<(AnchoringHealthRecord & { updatedAt: Date }) | null> {
  const [row] = await runQuery(anchoringHealthOf, { network }, sqlOf(db));
  return row
    ? {
        network: row.network,
        state: row.state as AnchoringState,
        lastError: row.last_error,
        lastErrorAt: row.last_error_at,
        oldestPendingAt: row.oldest_pending_at,
        thresholdSeconds: row.threshold_seconds,
        updatedAt: row.updated_at,
      }
    : null;
}
