import { bufferOfHex, hexOf } from "../hex-columns";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction, type SqlRunner, sqlOf } from "../sql-transaction";
import { requeueAnchorRows, sendAnchorRows } from "./anchor-transitions";
import { announceWith } from "./announce-anchors";
import {
  abandonSignedTransactions,
  highestLiveNonce,
  insertSignedTransactionRows,
  lockAnchorsOfTransactions,
  markTransactionsBroadcastOf,
  postponeQueuedAnchors,
  queuedAnchorsOf,
  unbroadcastTransactionsOf,
} from "./send-anchors.queries";
import { holdsSignerLease, type SignerLease } from "./signer-lease";

export interface QueuedAnchor {
  id: string;
  merkleRoot: string;
  /** what `anchor(root, count)` is sent with: the tree size of a tree head, else the batch's size */
  anchoredCount: number;
  chainId: number;
  registryAddress: string;
  sendAttempts: number;
  firstErrorAt: Date | null;
  lastError: string | null;
}

/** Batches waiting for their first transaction, oldest first. */
export async function listQueuedAnchors(
  db: DbOrTx,
  signerAddress: string,
  limit: number,
): Promise<QueuedAnchor[]> {
  const rows = await runQuery(queuedAnchorsOf, { signerAddress, limit }, sqlOf(db));
  return rows.map((r) => ({
    id: r.id,
    merkleRoot: hexOf(r.merkle_root),
    anchoredCount: r.anchored_count,
    chainId: r.chain_id,
    registryAddress: r.registry_address,
    sendAttempts: r.send_attempts,
    firstErrorAt: r.first_error_at,
    lastError: r.last_error,
  }));
}

/** One above the highest nonce this signer has a live (not abandoned) transaction for; 0 if none. */
export async function nextStoredNonce(db: DbOrTx, signerAddress: string): Promise<number> {
  const [row] = await runQuery(highestLiveNonce, { signerAddress }, sqlOf(db));
  return row?.max === null || row?.max === undefined ? 0 : row.max + 1;
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
  db: DbOrTx,
  lease: SignerLease,
  txs: readonly SignedAnchorTransaction[],
  /** the chain head read before signing: no receipt of these can be in an earlier block */
  headBlock: bigint,
): Promise<boolean> {
  if (txs.length === 0) return true;
  return inSqlTransaction(db, async (sql) => {
    if (!(await holdsSignerLease(sql, lease))) return false;
    await insertSignedTransactions(sql, txs, lease.signerAddress, headBlock);
    // anchor-transitions.ts' `send`
    await sendAnchorRows(sql, txs);
    return true;
  });
}

/**
 * After the node accepted transactions: marks them broadcast, their anchors locked first (the order
 * of send-anchors.sql's lockAnchorsOfTransactions). The first broadcast of an anchor also records
 * one `context.created` per context, in the same database transaction, so the event exists exactly
 * once per anchoring; no context row is written (announce-anchors.ts).
 */
export async function markTransactionsBroadcast(
  db: DbOrTx,
  hashes: readonly string[],
  headBlock: bigint,
): Promise<{ createdEvents: number }> {
  if (hashes.length === 0) return { createdEvents: 0 };
  return inSqlTransaction(db, async (sql) => {
    const stored = hashes.map((h) => bufferOfHex(h));
    await runQuery(lockAnchorsOfTransactions, { hashes: stored }, sql);
    const broadcast = await runQuery(
      markTransactionsBroadcastOf,
      { hashes: stored, headBlock: headBlock.toString() },
      sql,
    );
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
  db: DbOrTx,
  hashes: readonly string[],
  error: string,
  delayMs: number,
): Promise<void> {
  if (hashes.length === 0) return;
  await inSqlTransaction(db, async (sql) => {
    const abandoned = await runQuery(
      abandonSignedTransactions,
      { hashes: hashes.map((h) => bufferOfHex(h)) },
      sql,
    );
    // anchor-transitions.ts' `requeue`: an anchor none of whose transactions is live any more
    await requeueAnchorRows(
      sql,
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
): Promise<void> {
  if (anchorIds.length === 0) return;
  await runQuery(
    postponeQueuedAnchors,
    { ids: [...anchorIds], error, delaySeconds: delayMs / 1000 },
    sqlOf(db),
  );
}

export interface UnbroadcastTransaction {
  hash: string;
  rawTransaction: string;
  anchorId: string;
  nonce: number;
  createdAt: Date;
}

/** Transactions stored but not known to be broadcast (a crash or an RPC failure in between). */
export async function listUnbroadcastTransactions(
  db: DbOrTx,
  signerAddress: string,
  limit: number,
): Promise<UnbroadcastTransaction[]> {
  const rows = await runQuery(unbroadcastTransactionsOf, { signerAddress, limit }, sqlOf(db));
  return rows.map((r) => ({
    hash: hexOf(r.hash),
    rawTransaction: r.raw_transaction,
    anchorId: r.anchor_id,
    nonce: r.nonce,
    createdAt: r.created_at,
  }));
}

/**
 * Stores signed anchor transactions (status signed), as sendAnchors and a nonce-gap refill do, on
 * the runner of the caller's transaction. Their broadcast block is the head read before signing.
 */
export async function insertSignedTransactions(
  sql: SqlRunner,
  txs: readonly SignedAnchorTransaction[],
  signerAddress: string,
  headBlock: bigint,
): Promise<void> {
  await runQuery(
    insertSignedTransactionRows,
    {
      signerAddress,
      headBlock: headBlock.toString(),
      hashes: txs.map((t) => bufferOfHex(t.hash)),
      anchorIds: txs.map((t) => t.anchorId),
      nonces: txs.map((t) => t.nonce),
      raws: txs.map((t) => t.raw),
      gasLimits: txs.map((t) => t.gasLimit),
      maxFees: txs.map((t) => t.maxFeePerGas.toString()),
      maxTips: txs.map((t) => t.maxPriorityFeePerGas.toString()),
    },
    sql,
  );
}
