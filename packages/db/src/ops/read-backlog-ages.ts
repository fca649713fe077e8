import type { DbOrTx } from "../prisma-types";

export interface BacklogAges {
  /** created_at of the oldest pending context, null when none is pending */
  oldestPendingContextAt: Date | null;
  /** created_at of the oldest anchor not yet confirmed or failed (queued, sent or mined) */
  oldestUnconfirmedAnchorAt: Date | null;
}

/**
 * What the operator's alerts watch in PostgreSQL: two MIN()s, each answered from an index whose
 * first column is the status (contexts (status, created_at); anchors (status, signer, created_at)),
 * so they stay cheap however many rows are confirmed.
 */
export async function readBacklogAges(db: DbOrTx): Promise<BacklogAges> {
  const [contexts, anchors] = await Promise.all([
    db.context.aggregate({ where: { status: "pending" }, _min: { createdAt: true } }),
    db.anchor.aggregate({
      where: { status: { in: ["queued", "sent", "mined"] } },
      _min: { createdAt: true },
    }),
  ]);
  return {
    oldestPendingContextAt: contexts._min.createdAt,
    oldestUnconfirmedAnchorAt: anchors._min.createdAt,
  };
}
