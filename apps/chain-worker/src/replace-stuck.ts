import {
  currentFees,
  describeRpcError,
  type RpcClient,
  replacementFees,
  signAnchorTransaction,
  transactionKnown,
} from "@ctxlog/chain";
import {
  listStuckAnchors,
  type SignedAnchorTransaction,
  type SignerLease,
  storeSignedTransactions,
  touchBroadcast,
} from "@ctxlog/db";
import type { Address, Hex, PrivateKeyAccount } from "viem";
import { adoptMinedTransaction } from "./adopt-mined";
import { broadcastRaw } from "./broadcast";
import { type SettleDeps, settleBroadcasts } from "./settle-broadcasts";

export interface ReplaceStuckDeps extends SettleDeps {
  rpc: RpcClient;
  account: PrivateKeyAccount;
  /** broadcast longer ago than this and still not in a block: stuck */
  replaceAfterMs: number;
  /** anchors looked at per call */
  batch: number;
}

/**
 * Stuck: broadcast more than `replaceAfterMs` ago and still not in a block. A nonce already spent:
 * the anchor's transaction is in a block the tracker did not read (adopted, never replaced).
 * Unknown to the node (dropped): the same bytes again. Pending: a replacement with the same nonce
 * and fees ≥ 12.5 % higher, stored before it is sent like any other transaction.
 */
export async function replaceStuckTransactions(deps: ReplaceStuckDeps, lease: SignerLease): Promise<void> {
  const { db, rpc, account, logger, metrics } = deps;
  const before = new Date(Date.now() - deps.replaceAfterMs);
  const stuck = await listStuckAnchors(db, account.address, before, deps.batch);
  if (stuck.length === 0) return;
  const [market, head, usedNonces] = await Promise.all([
    currentFees(rpc),
    rpc.getBlockNumber(),
    rpc.getTransactionCount({ address: account.address, blockTag: "latest" }),
  ]);
  const replacements: SignedAnchorTransaction[] = [];
  for (const anchor of stuck) {
    const { latest } = anchor;
    if (latest.nonce < usedNonces) {
      // the nonce is spent: one of the anchor's transactions is in a block the tracker did not
      // read (e.g. mined while no process had recorded its broadcast); never replace it
      await adoptMinedTransaction({ db, rpc, logger, metrics }, anchor.id, latest.nonce).catch(
        (err: unknown) =>
          // one anchor's unreadable block must not hold up the others' replacements
          logger.warn({ anchor: anchor.id, err: describeRpcError(err) }, "cannot adopt a stuck anchor"),
      );
      continue;
    }
    if (!(await transactionKnown(rpc, latest.hash as Hex))) {
      const result = (await broadcastRaw(rpc, [{ hash: latest.hash, raw: latest.rawTransaction }])).get(
        latest.hash,
      );
      if (result?.outcome !== "retry") await touchBroadcast(db, latest.hash);
      if (result?.outcome === "broadcast") metrics.transactions.inc({ kind: "rebroadcast" });
      logger.info(
        { anchor: anchor.id, tx: latest.hash, outcome: result?.outcome },
        "re-broadcast a dropped transaction",
      );
      continue;
    }
    const fees = replacementFees(latest, market);
    const tx = await signAnchorTransaction(account, {
      chainId: anchor.chainId,
      registryAddress: anchor.registryAddress as Address,
      merkleRoot: anchor.merkleRoot as Hex,
      count: anchor.anchoredCount,
      nonce: latest.nonce,
      gasLimit: latest.gasLimit,
      fees,
    });
    replacements.push({
      anchorId: anchor.id,
      ...tx,
      nonce: latest.nonce,
      gasLimit: latest.gasLimit,
      ...fees,
    });
  }
  if (replacements.length === 0) return;
  if (!(await storeSignedTransactions(db, lease, replacements, head))) return;
  await settleBroadcasts(deps, await broadcastRaw(rpc, replacements), head, "replacement");
  logger.info(
    { replaced: replacements.map((r) => r.anchorId) },
    "replaced stuck transactions with higher fees",
  );
}
