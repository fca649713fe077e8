import type { DbOrTx } from "../prisma-types";

/**
 * Publishes every `signer_address` found in `table` as a signer of `kind`: its period runs from its
 * first row there to its last, and an address already published has its period widened to cover
 * them. `address` limits the scan to one signer. Idempotent. The table and kind are this module's
 * constants, never input.
 */
function foldSigners(
  db: DbOrTx,
  table: "contexts" | "anchors",
  kind: "attestation" | "anchor",
  address: string | undefined,
): Promise<number> {
  const filter = address === undefined ? "" : "WHERE signer_address = $1";
  return db.$executeRawUnsafe(
    `INSERT INTO signers (address, kind, valid_from, last_seen_at)
     SELECT signer_address, '${kind}', min(created_at), max(created_at) FROM ${table} ${filter}
     GROUP BY signer_address
     ON CONFLICT (address, kind) DO UPDATE SET
       valid_from = LEAST(signers.valid_from, EXCLUDED.valid_from),
       last_seen_at = GREATEST(signers.last_seen_at, EXCLUDED.last_seen_at)`,
    ...(address === undefined ? [] : [address]),
  );
}

/**
 * Publishes every signer address found on contexts (older data, written before the signers table
 * existed, or by a process that never registered) as an "attestation" signer. A full scan of
 * contexts: run it at start-up, not per request.
 */
export function foldContextSigners(db: DbOrTx, address?: string): Promise<number> {
  return foldSigners(db, "contexts", "attestation", address);
}

/**
 * Publishes every address the chain worker has anchored from (`anchors.signer_address`, recorded
 * before each broadcast) as a signer of kind "anchor", open (valid_until null) while no other
 * anchor key has been used since. The `anchor_submitter` check accepts an Anchored log only from
 * these addresses.
 */
export async function foldAnchorSigners(db: DbOrTx, address?: string): Promise<number> {
  const folded = await foldSigners(db, "anchors", "anchor", address);
  // the latest anchor key is in use; one another key has anchored after has ended its period
  await db.$executeRawUnsafe(
    `UPDATE signers s SET valid_until = CASE WHEN EXISTS (
        SELECT 1 FROM signers o WHERE o.kind = 'anchor' AND o.address <> s.address
          AND o.last_seen_at > s.last_seen_at) THEN s.last_seen_at END
     WHERE s.kind = 'anchor'`,
  );
  return folded;
}
