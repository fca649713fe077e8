import type { PrismaClient } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";
import { inSqlTransaction, prismaSql } from "../sql-transaction";
import { requeueAnchorRows, sendAnchorRows } from "./anchor-transitions";
import { announceWith } from "./announce-anchors";
import { holdsSignerLease, type SignerLease } from "./signer-lease";

/** Batches waiting for their first transaction, oldest first. */
export async function listQueuedAnchors(db: DbOrTx, signerAddress: string, limit: number) {
  return db.anchor.findMany({
    where: { signerAddress, status: "queued", nextAttemptAt: { lte: new Date() } },
    orderBy: { createdAt: "asc" },
    take: limit,
    select: {
      id: true,
      merkleRoot: true,
      contextCount: true,
      chainId: true,
      registryAddress: true,
      sendAttempts: true,
      firstErrorAt: true,
      lastError: true,
    },
  });
}

/** One above the highest nonce this signer has a live (not abandoned) transaction for; 0 if none. */
export async function nextStoredNonce(db: DbOrTx, signerAddress: string): Promise<number> {
  const rows = await db.$queryRaw<{ max: number | null }[]>`
    SELECT max(nonce) AS max FROM anchor_transactions
    WHERE signer_address = ${signerAddress} AND status <> 'abandoned'`;
  const max = rows[0]?.max;
  return max === null || max === undefined ? 0 : Number(max) + 1;
}

export interface SignedAnchorTransaction {
  anchorId: string;
  hash: string;
  raw: string;
  nonce: number;
  gasLimit: number;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/**
 * Stores signed transactions BEFORE they are broadcast, fenced by the signer lease: if another
 * process took the lease meanwhile, nothing is written and false is returned. A first transaction
 * moves its anchor from queued to sent; a replacement (same nonce) only becomes the anchor's
 * latest transaction.
 */
export async function storeSignedTransactions(
  db: PrismaClient,
  lease: SignerLease,
  txs: readonly SignedAnchorTransaction[],
  /** the chain head read before signing: no receipt of these can be in an earlier block */
  headBlock: bigint,
): Promise<boolean> {
  if (txs.length === 0) return true;
  return db.$transaction(async (tx) => {
    if (!(await holdsSignerLease(tx, lease))) return false;
    await tx.anchorTransaction.createMany({
      data: anchorTransactionRows(txs, lease.signerAddress, headBlock),
    });
    // anchor-transitions.ts' `send`
    await sendAnchorRows(prismaSql(tx), txs);
    return true;
  });
}

// Every path that changes an anchor and its rows locks in one order, anchor first, then its
// transactions, then its contexts (the tracker's recordAnchorMined, confirmAnchor and failAnchor
// start from the anchor too): a broadcast being recorded while the tracker sees the same batch
// mined waits instead of deadlocking on thousands of rows.
const LOCK_ANCHORS_OF_SQL = `
  SELECT a.id FROM anchors AS a
  WHERE a.id IN (SELECT t.anchor_id FROM anchor_transactions AS t WHERE t.hash = ANY($1::text[]))
  ORDER BY a.id
  FOR UPDATE OF a`;
const MARK_BROADCAST_SQL = `
  UPDATE anchor_transactions SET status = 'broadcast', broadcast_at = now(),
    broadcast_block = coalesce(broadcast_block, $2::bigint)
  WHERE hash = ANY($1::text[]) AND status = 'signed'
  RETURNING hash, anchor_id`;

/**
 * After the node accepted transactions: marks them broadcast and points each anchor's contexts at
 * the hash. The first broadcast of an anchor also records one `context.created` per context, in
 * the same database transaction, so the event exists exactly once per anchoring.
 */
export async function markTransactionsBroadcast(
  db: DbOrTx,
  hashes: readonly string[],
  headBlock: bigint,
): Promise<{ createdEvents: number }> {
  if (hashes.length === 0) return { createdEvents: 0 };
  return inSqlTransaction(db, async (sql) => {
    await sql(LOCK_ANCHORS_OF_SQL, [hashes]);
    const broadcast = await sql<{ hash: string; anchor_id: string }>(MARK_BROADCAST_SQL, [
      hashes,
      headBlock.toString(),
    ]);
    if (broadcast.length === 0) return { createdEvents: 0 };
    return announceWith(
      sql,
      broadcast.map((b) => b.anchor_id),
    );
  });
}

/**
 * The node refused a first transaction before it was ever pending (no funds, or unreachable past
 * doubt): the transaction is abandoned (its nonce is free again) and the anchor waits `delayMs`
 * to be signed anew. Replacements that were refused are abandoned without touching their anchor.
 */
export async function abandonTransactions(
  db: PrismaClient,
  hashes: readonly string[],
  error: string,
  delayMs: number,
): Promise<void> {
  if (hashes.length === 0) return;
  await db.$transaction(async (tx) => {
    const abandoned = await tx.$queryRaw<{ anchor_id: string; hash: string }[]>`
      UPDATE anchor_transactions SET status = 'abandoned'
      WHERE hash = ANY(${hashes as string[]}::text[]) AND status = 'signed'
      RETURNING anchor_id, hash`;
    // anchor-transitions.ts' `requeue`: an anchor none of whose transactions is live any more
    await requeueAnchorRows(
      prismaSql(tx),
      abandoned.map((a) => a.anchor_id),
      { error, delayMs, countsAttempt: true },
    );
  });
}

/** Postpones queued anchors after a failure that happened before anything was signed. */
export async function postponeAnchors(
  db: DbOrTx,
  anchorIds: readonly string[],
  error: string,
  delayMs: number,
) {
  if (anchorIds.length === 0) return;
  await db.$executeRaw`
    UPDATE anchors SET send_attempts = send_attempts + 1,
      next_attempt_at = now() + make_interval(secs => ${delayMs / 1000}),
      first_error_at = coalesce(first_error_at, now()), last_error = ${error}, updated_at = now()
    WHERE id = ANY(${anchorIds as string[]}::text[]) AND status = 'queued'`;
}

/** Transactions stored but not known to be broadcast (a crash or an RPC failure in between). */
export async function listUnbroadcastTransactions(db: DbOrTx, signerAddress: string, limit: number) {
  return db.anchorTransaction.findMany({
    where: { signerAddress, status: "signed", anchor: { status: { in: ["sent", "mined"] } } },
    orderBy: { nonce: "asc" },
    take: limit,
    select: { hash: true, rawTransaction: true, anchorId: true, nonce: true, createdAt: true },
  });
}

/**
 * The rows of signed anchor transactions, as sendAnchors and a nonce-gap refill store them.
 * broadcastBlock is set now, not at broadcast: a process killed between the node accepting a
 * transaction and recording it must still have its successor look for the receipt from here on.
 */
export function anchorTransactionRows(
  txs: readonly SignedAnchorTransaction[],
  signerAddress: string,
  headBlock: bigint,
) {
  return txs.map((t) => ({
    hash: t.hash,
    anchorId: t.anchorId,
    signerAddress,
    nonce: t.nonce,
    rawTransaction: t.raw,
    gasLimit: t.gasLimit,
    maxFeePerGas: t.maxFeePerGas.toString(),
    maxPriorityFeePerGas: t.maxPriorityFeePerGas.toString(),
    broadcastBlock: headBlock,
  }));
}
