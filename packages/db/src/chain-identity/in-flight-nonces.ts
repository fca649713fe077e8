import { insertSignedTransactions, type SignedAnchorTransaction } from "../anchors/send-anchors";
import { holdsSignerLease, type SignerLease } from "../anchors/signer-lease";
import { bufferOfHex, hexOf } from "../hex-columns";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction, sqlOf } from "../sql-transaction";
import {
  abandonLiveTransactionsOf,
  inFlightAnchorsOf,
  lockAnchors,
  moveAnchorsToNonces,
} from "./in-flight-nonces.queries";

export interface InFlightAnchor {
  id: string;
  merkleRoot: string;
  /** what `anchor(root, count)` is sent with: the tree size of a tree head, else the batch's size */
  anchoredCount: number;
  chainId: number;
  registryAddress: string;
  nonce: number;
  gasLimit: number;
  /** the highest fees of its live transactions: a re-signed one must outbid them at any nonce */
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  /** when its latest transaction was broadcast (null: stored, broadcast unknown) */
  broadcastAt: Date | null;
  broadcastBlock: bigint | null;
}

/**
 * The signer's anchors whose transaction is signed and not yet in a block (status sent), lowest
 * nonce first. Mined and confirmed anchors are history: their nonces are the chain's business, so
 * the next nonce never comes from them (a chain that lost those blocks would wait forever).
 */
export async function listInFlightAnchors(db: DbOrTx, signerAddress: string): Promise<InFlightAnchor[]> {
  const rows = await runQuery(inFlightAnchorsOf, { signerAddress }, sqlOf(db));
  return rows.map((r) => ({
    id: r.id,
    merkleRoot: hexOf(r.merkle_root),
    anchoredCount: r.anchored_count,
    chainId: r.chain_id,
    registryAddress: r.registry_address,
    nonce: r.nonce,
    gasLimit: r.gas_limit,
    maxFeePerGas: BigInt(r.max_fee),
    maxPriorityFeePerGas: BigInt(r.max_tip),
    broadcastAt: r.broadcast_at,
    broadcastBlock: r.broadcast_block === null ? null : BigInt(r.broadcast_block),
  }));
}

/**
 * A nonce gap is filled: each in-flight anchor gets a transaction re-signed at a new nonce. Its
 * earlier transactions are abandoned (their nonces are not the anchor's any more) and the new one
 * is stored before it is broadcast, fenced by the signer lease like every other; false, and
 * nothing written, when the lease was lost.
 */
export async function resignAnchors(
  db: DbOrTx,
  lease: SignerLease,
  txs: readonly SignedAnchorTransaction[],
  headBlock: bigint,
): Promise<boolean> {
  if (txs.length === 0) return true;
  return inSqlTransaction(db, async (sql) => {
    if (!(await holdsSignerLease(sql, lease))) return false;
    const ids = txs.map((t) => t.anchorId);
    await runQuery(lockAnchors, { ids }, sql);
    await runQuery(abandonLiveTransactionsOf, { ids }, sql);
    await insertSignedTransactions(sql, txs, lease.signerAddress, headBlock);
    await runQuery(
      moveAnchorsToNonces,
      { ids, hashes: txs.map((t) => bufferOfHex(t.hash)), nonces: txs.map((t) => t.nonce) },
      sql,
    );
    return true;
  });
}
