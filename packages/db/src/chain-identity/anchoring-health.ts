import type { DbOrTx } from "../prisma-types";

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
  await db.anchoringHealth.upsert({ where: { network: h.network }, create: h, update: h });
}

export async function readAnchoringHealth(
  db: DbOrTx,
  network: string,
): Promise<(AnchoringHealthRecord & { updatedAt: Date }) | null> {
  const row = await db.anchoringHealth.findUnique({ where: { network } });
  return row && { ...row, state: row.state as AnchoringState };
}
