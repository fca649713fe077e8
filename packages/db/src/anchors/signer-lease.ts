import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { type SqlRunner, sqlOf } from "../sql-transaction";
import { acquireSignerLeaseOf, holdsSignerLeaseOf, releaseSignerLeaseOf } from "./signer-lease.queries";

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
  const rows = await runQuery(
    acquireSignerLeaseOf,
    { signerAddress, holder, ttlSeconds: ttlMs / 1000 },
    sqlOf(db),
  );
  const row = rows[0];
  return row ? { signerAddress, holder, epoch: BigInt(row.epoch) } : null;
}

/** Gives the lease up at shutdown so a replica takes over at once instead of after the TTL. */
export async function releaseSignerLease(db: DbOrTx, lease: SignerLease): Promise<void> {
  await runQuery(releaseSignerLeaseOf, leaseParams(lease), sqlOf(db));
}

/**
 * Inside a transaction: true when `lease` is still current and unexpired, and keeps it so until
 * commit (the row is share-locked, so a takeover waits for this transaction to end).
 */
export async function holdsSignerLease(tx: DbOrTx | SqlRunner, lease: SignerLease): Promise<boolean> {
  const rows = await runQuery(holdsSignerLeaseOf, leaseParams(lease), sqlOf(tx));
  return rows.length === 1;
}

const leaseParams = (lease: SignerLease) => ({
  signerAddress: lease.signerAddress,
  holder: lease.holder,
  epoch: lease.epoch.toString(),
});
