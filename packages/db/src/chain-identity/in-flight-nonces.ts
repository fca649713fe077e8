import { anchorTransactionRows, type SignedAnchorTransaction } from "../anchors/send-anchors";
import { holdsSignerLease, type SignerLease } from "../anchors/signer-lease";
import type { PrismaClient } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";

export interface InFlightAnchor {
  id: string;
  merkleRoot: string;
  contextCount: number;
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
  const rows = await db.$queryRaw<
    {
      id: string;
      merkle_root: string;
      context_count: number;
      chain_id: number;
      registry_address: string;
      nonce: number;
      gas_limit: number;
      max_fee: string;
      max_tip: string;
      broadcast_at: Date | null;
      broadcast_block: bigint | null;
    }[]
  >`
    SELECT a.id, a.merkle_root, a.context_count, a.chain_id, a.registry_address, a.nonce,
           max(t.gas_limit) AS gas_limit, max(t.max_fee_per_gas)::text AS max_fee,
           max(t.max_priority_fee_per_gas)::text AS max_tip,
           max(t.broadcast_at) AS broadcast_at, min(t.broadcast_block) AS broadcast_block
    FROM anchors a
    JOIN anchor_transactions t ON t.anchor_id = a.id AND t.status IN ('signed', 'broadcast')
    WHERE a.signer_address = ${signerAddress} AND a.status = 'sent' AND a.nonce IS NOT NULL
    GROUP BY a.id
    ORDER BY a.nonce, a.id`;
  return rows.map((r) => ({
    id: r.id,
    merkleRoot: r.merkle_root,
    contextCount: r.context_count,
    chainId: r.chain_id,
    registryAddress: r.registry_address,
    nonce: Number(r.nonce),
    gasLimit: Number(r.gas_limit),
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
  db: PrismaClient,
  lease: SignerLease,
  txs: readonly SignedAnchorTransaction[],
  headBlock: bigint,
): Promise<boolean> {
  if (txs.length === 0) return true;
  return db.$transaction(async (tx) => {
    if (!(await holdsSignerLease(tx, lease))) return false;
    const ids = txs.map((t) => t.anchorId);
    // anchor rows first, then their transactions: the order every path that changes a batch uses
    await tx.$queryRaw`SELECT id FROM anchors WHERE id = ANY(${ids}::text[]) ORDER BY id FOR UPDATE`;
    await tx.anchorTransaction.updateMany({
      where: { anchorId: { in: ids }, status: { in: ["signed", "broadcast"] } },
      data: { status: "abandoned" },
    });
    await tx.anchorTransaction.createMany({
      data: anchorTransactionRows(txs, lease.signerAddress, headBlock),
    });
    const hashes = txs.map((t) => t.hash);
    const nonces = txs.map((t) => t.nonce);
    await tx.$executeRaw`
      UPDATE anchors AS a SET nonce = v.nonce, transaction_hash = v.hash, updated_at = now()
      FROM unnest(${ids}::text[], ${hashes}::text[], ${nonces}::int[]) AS v(id, hash, nonce)
      WHERE a.id = v.id AND a.status = 'sent'`;
    return true;
  });
}
