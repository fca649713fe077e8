import type { DbOrTx } from "../prisma-types";

/**
 * Publishes every signer address found on contexts (older data, written before the signers table
 * existed, or by a process that never registered): its period starts at its first context, and a
 * published signer's period is widened to cover all of its contexts. `address` limits the scan to
 * one signer. Idempotent. A full scan of contexts: run it at start-up, not per request.
 */
export async function foldContextSigners(db: DbOrTx, address?: string): Promise<number> {
  const filter = address === undefined ? "" : "WHERE signer_address = $1";
  return db.$executeRawUnsafe(
    `INSERT INTO signers (address, kind, valid_from, last_seen_at)
     SELECT signer_address, 'attestation', min(created_at), max(created_at) FROM contexts ${filter}
     GROUP BY signer_address
     ON CONFLICT (address, kind) DO UPDATE SET
       valid_from = LEAST(signers.valid_from, EXCLUDED.valid_from),
       last_seen_at = GREATEST(signers.last_seen_at, EXCLUDED.last_seen_at)`,
    ...(address === undefined ? [] : [address]),
  );
}
