import type { DbOrTx } from "../prisma-types";

export interface SignerLease {
  signerAddress: string;
  holder: string;
  /** grows each time the lease changes hands: the fencing token */
  epoch: bigint;
}

/**
 * Takes the signer's lease, or renews it when `holder` already has it. Returns null while another
 * live holder has it. A new holder gets a higher epoch, which every nonce-assigning write checks.
 */
export async function acquireSignerLease(
  db: DbOrTx,
  signerAddress: string,
  holder: string,
  ttlMs: number,
): Promise<SignerLease | null> {
  const rows = await db.$queryRaw<{ epoch: bigint }[]>`
    INSERT INTO signer_leases (signer_address, holder, epoch, expires_at)
    VALUES (${signerAddress}, ${holder}, 1, now() + make_interval(secs => ${ttlMs / 1000}))
    ON CONFLICT (signer_address) DO UPDATE SET
      epoch = CASE WHEN signer_leases.holder = EXCLUDED.holder THEN signer_leases.epoch
                   ELSE signer_leases.epoch + 1 END,
      holder = EXCLUDED.holder,
      expires_at = EXCLUDED.expires_at
    WHERE signer_leases.holder = EXCLUDED.holder OR signer_leases.expires_at < now()
    RETURNING epoch`;
  const row = rows[0];
  return row ? { signerAddress, holder, epoch: BigInt(row.epoch) } : null;
}

/** Gives the lease up at shutdown so a replica takes over at once instead of after the TTL. */
export async function releaseSignerLease(db: DbOrTx, lease: SignerLease): Promise<void> {
  await db.$executeRaw`
    UPDATE signer_leases SET expires_at = now() - interval '1 millisecond'
    WHERE signer_address = ${lease.signerAddress} AND holder = ${lease.holder} AND epoch = ${lease.epoch}`;
}

/**
 * Inside a transaction: true when `lease` is still current and unexpired, and keeps it so until
 * commit (the row is share-locked, so a takeover waits for this transaction to end).
 */
export async function holdsSignerLease(tx: DbOrTx, lease: SignerLease): Promise<boolean> {
  const rows = await tx.$queryRaw<{ ok: number }[]>`
    SELECT 1 AS ok FROM signer_leases
    WHERE signer_address = ${lease.signerAddress} AND holder = ${lease.holder} AND epoch = ${lease.epoch}
      AND expires_at > now()
    FOR SHARE`;
  return rows.length === 1;
}
