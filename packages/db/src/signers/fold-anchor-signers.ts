import type { DbOrTx } from "../prisma-types";

/**
 * Publishes every address the chain worker has anchored from (`anchors.signer_address`, recorded
 * before each broadcast) as a signer of kind "anchor": its period runs from its first anchor to
 * its last, and it stays open (valid_until null) while no other anchor key has been used since.
 * The `anchor_submitter` check accepts an Anchored log only from these addresses. `address`
 * limits the scan to one submitter. Idempotent.
 */
export async function foldAnchorSigners(db: DbOrTx, address?: string): Promise<number> {
  const filter = address === undefined ? "" : "WHERE signer_address = $1";
  const folded = await db.$executeRawUnsafe(
    `INSERT INTO signers (address, kind, valid_from, last_seen_at)
     SELECT signer_address, 'anchor', min(created_at), max(created_at) FROM anchors ${filter}
     GROUP BY signer_address
     ON CONFLICT (address, kind) DO UPDATE SET
       valid_from = LEAST(signers.valid_from, EXCLUDED.valid_from),
       last_seen_at = GREATEST(signers.last_seen_at, EXCLUDED.last_seen_at)`,
    ...(address === undefined ? [] : [address]),
  );
  // the latest anchor key is in use; one another key has anchored after has ended its period
  await db.$executeRawUnsafe(
    `UPDATE signers s SET valid_until = CASE WHEN EXISTS (
        SELECT 1 FROM signers o WHERE o.kind = 'anchor' AND o.address <> s.address
          AND o.last_seen_at > s.last_seen_at) THEN s.last_seen_at END
     WHERE s.kind = 'anchor'`,
  );
  return folded;
}
