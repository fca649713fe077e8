import type { DbOrTx } from "../prisma-types";

/**
 * The anchor key in use: the address the chain worker sends anchors from (it publishes it at
 * start-up and with each anchoring), the one whose balance pays the gas. Null before any.
 */
export async function currentAnchorKey(db: DbOrTx): Promise<string | null> {
  const row = await db.signer.findFirst({
    where: { kind: "anchor", validUntil: null },
    orderBy: { lastSeenAt: "desc" },
    select: { address: true },
  });
  return row?.address ?? null;
}
