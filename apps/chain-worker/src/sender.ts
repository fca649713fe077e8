import {
  classifyRpcError,
  currentFees,
  describeRpcError,
  type Fees,
  type RpcClient,
  replacementFees,
  signAnchorTransaction,
  transactionKnown,
} from "@ctxlog/chain";
import {
  abandonTransactions,
  type FailureReason,
  listQueuedAnchors,
  listStuckAnchors,
  listUnbroadcastTransactions,
  markTransactionsBroadcast,
  type PrismaClient,
  postponeAnchors,
  type SignedAnchorTransaction,
  type SignerLease,
  storeSignedTransactions,
  touchBroadcast,
} from "@ctxlog/db";
import type { Logger } from "pino";
import type { Address, Hex, PrivateKeyAccount } from "viem";
import { adoptMinedTransaction } from "./adopt-mined";
import { errorKind, retryDelayMs, tagError } from "./backoff";
import { type BroadcastResults, broadcastRaw } from "./broadcast";
import { failBatch } from "./failures";
import type { LeaseKeeper } from "./lease-keeper";
import type { ChainMetrics } from "./metrics";
import { NonceSync } from "./nonce-sync";

export interface SenderConfig {
  chainId: number;
  registryAddress: Address;
  gasLimit: number;
  replaceAfterMs: number;
  rpcGiveUpMs: number;
  fundsGiveUpMs: number;
  /** anchors signed and broadcast per tick */
  sendBatch: number;
  /** blocks an in-flight transaction may wait before the chain's nonce is compared with ours */
  nonceCheckAfterBlocks: number;
}

/**
 * The only writer for a signer, while it holds the lease: signs each queued batch's transaction,
 * stores it, then broadcasts it; re-sends what was stored but not surely sent; replaces what is
 * stuck. Nonces come from the chain, checked against the in-flight rows (nonce-sync.ts).
 */
export class AnchorSender {
  private lastStuckCheck = 0;
  private lastNonceCheck = 0;
  private readonly nonces: NonceSync;

  constructor(
    private readonly db: PrismaClient,
    private readonly rpc: RpcClient,
    private readonly account: PrivateKeyAccount,
    private readonly lease: LeaseKeeper,
    private readonly config: SenderConfig,
    private readonly logger: Logger,
    private readonly metrics: ChainMetrics,
    /** told of every failure to get anchors out (the stall report's "why") */
    private readonly onError: (error: string) => void = () => {},
  ) {
    this.nonces = new NonceSync(
      db,
      rpc,
      account,
      { checkAfterBlocks: config.nonceCheckAfterBlocks },
      logger,
      metrics,
    );
  }

  async tick(): Promise<void> {
    const lease = this.lease.current();
    if (!lease) return;
    await this.resendUnbroadcast();
    if (Date.now() - this.lastNonceCheck >= 1_000) {
      this.lastNonceCheck = Date.now();
      const head = await this.rpc.getBlockNumber();
      await this.nonces.checkInFlight(lease, head, (txs, h) => this.sendStored(txs, h));
    }
    await this.sendQueued(lease);
    if (Date.now() - this.lastStuckCheck >= Math.min(1_000, this.config.replaceAfterMs)) {
      this.lastStuckCheck = Date.now();
      await this.replaceStuck(lease);
    }
  }

  /** Stored transactions whose broadcast is unknown (crash, RPC failure): the same bytes again. */
  private async resendUnbroadcast(): Promise<void> {
    const txs = await listUnbroadcastTransactions(this.db, this.account.address, this.config.sendBatch);
    if (txs.length === 0) return;
    const head = await this.rpc.getBlockNumber().catch(() => null);
    const results = await broadcastRaw(
      this.rpc,
      txs.map((t) => ({ hash: t.hash, raw: t.rawTransaction })),
    );
    await this.settle(results, head, "rebroadcast");
    for (const tx of txs) {
      const result = results.get(tx.hash);
      if (result?.outcome === "retry" && Date.now() - tx.createdAt.getTime() > this.config.rpcGiveUpMs) {
        await this.fail(tx.anchorId, "rpc_unavailable", result.detail);
      }
    }
  }

  private async sendQueued(lease: SignerLease): Promise<void> {
    const anchors = await listQueuedAnchors(this.db, this.account.address, this.config.sendBatch);
    if (anchors.length === 0) return;

    const live = [];
    for (const anchor of anchors) {
      if (await this.gaveUp(anchor)) continue;
      live.push(anchor);
    }
    if (live.length === 0) return;

    let fees: Fees;
    let nonce: number;
    let head: bigint;
    let balance: bigint;
    try {
      [fees, head, balance] = await Promise.all([
        currentFees(this.rpc),
        this.rpc.getBlockNumber(),
        this.rpc.getBalance({ address: this.account.address }),
      ]);
      nonce = await this.nonces.nextNonce(lease, head, (txs, h) => this.sendStored(txs, h));
    } catch (err) {
      const kind = classifyRpcError(err);
      const delay = retryDelayMs(Math.min(...live.map((a) => a.sendAttempts)));
      await postponeAnchors(
        this.db,
        live.map((a) => a.id),
        tagError(kind === "other" ? "unreachable" : kind, describeRpcError(err)),
        delay,
      );
      this.onError(`cannot prepare anchor transactions: ${describeRpcError(err)}`);
      this.logger.warn(
        { err: describeRpcError(err), kind, anchors: live.length },
        "cannot prepare anchor transactions",
      );
      return;
    }

    // What the balance can pay for at this fee; the node has the last word, this only avoids
    // signing (and burning nonces on) transactions that are certain to be refused.
    const perTx = BigInt(this.config.gasLimit) * fees.maxFeePerGas;
    const affordable = Number(balance / perTx);
    if (affordable === 0) {
      const delay = retryDelayMs(Math.min(...live.map((a) => a.sendAttempts)));
      await postponeAnchors(
        this.db,
        live.map((a) => a.id),
        tagError("insufficient_funds", `signer balance ${balance} wei < ${perTx} wei for one transaction`),
        delay,
      );
      this.onError(`the signer ${this.account.address} cannot pay for gas (balance ${balance} wei)`);
      this.logger.warn(
        { signer: this.account.address, balance: String(balance) },
        "signer cannot pay for gas",
      );
      return;
    }
    const batch = live.slice(0, affordable);

    const first = nonce;
    const signed: SignedAnchorTransaction[] = [];
    for (const anchor of batch) {
      const tx = await signAnchorTransaction(this.account, {
        chainId: this.config.chainId,
        registryAddress: this.config.registryAddress,
        merkleRoot: anchor.merkleRoot as Hex,
        count: anchor.anchoredCount,
        nonce,
        gasLimit: this.config.gasLimit,
        fees,
      });
      signed.push({ anchorId: anchor.id, ...tx, nonce: nonce++, gasLimit: this.config.gasLimit, ...fees });
    }
    if (!(await storeSignedTransactions(this.db, lease, signed, head))) {
      this.logger.warn("signer lease lost before storing transactions; nothing was sent");
      return;
    }
    this.nonces.used(first, signed.length);
    const results = await broadcastRaw(this.rpc, signed);
    await this.settle(results, head, "first");
  }

  /** Re-signed transactions (a nonce gap filled), already stored: broadcast and recorded. */
  private async sendStored(txs: SignedAnchorTransaction[], head: bigint): Promise<void> {
    await this.settle(await broadcastRaw(this.rpc, txs), head, "refill");
  }

  /**
   * Stuck: broadcast more than REPLACE_AFTER_MS ago and still not in a block. Unknown to the node
   * (dropped): the same bytes again. Pending: a replacement with the same nonce and fees ≥ 12.5 %
   * higher, stored before it is sent like any other transaction.
   */
  private async replaceStuck(lease: SignerLease): Promise<void> {
    const before = new Date(Date.now() - this.config.replaceAfterMs);
    const stuck = await listStuckAnchors(this.db, this.account.address, before, this.config.sendBatch);
    if (stuck.length === 0) return;
    const [market, head, usedNonces] = await Promise.all([
      currentFees(this.rpc),
      this.rpc.getBlockNumber(),
      this.rpc.getTransactionCount({ address: this.account.address, blockTag: "latest" }),
    ]);
    const replacements: SignedAnchorTransaction[] = [];
    for (const anchor of stuck) {
      const { latest } = anchor;
      if (latest.nonce < usedNonces) {
        // the nonce is spent: one of the anchor's transactions is in a block the tracker did not
        // read (e.g. mined while no process had recorded its broadcast); never replace it
        await adoptMinedTransaction(
          { db: this.db, rpc: this.rpc, logger: this.logger, metrics: this.metrics },
          anchor.id,
          latest.nonce,
        ).catch((err: unknown) =>
          // one anchor's unreadable block must not hold up the others' replacements
          this.logger.warn({ anchor: anchor.id, err: describeRpcError(err) }, "cannot adopt a stuck anchor"),
        );
        continue;
      }
      if (!(await transactionKnown(this.rpc, latest.hash as Hex))) {
        const result = (
          await broadcastRaw(this.rpc, [{ hash: latest.hash, raw: latest.rawTransaction }])
        ).get(latest.hash);
        if (result?.outcome !== "retry") await touchBroadcast(this.db, latest.hash);
        if (result?.outcome === "broadcast") this.metrics.transactions.inc({ kind: "rebroadcast" });
        this.logger.info(
          { anchor: anchor.id, tx: latest.hash, outcome: result?.outcome },
          "re-broadcast a dropped transaction",
        );
        continue;
      }
      const fees = replacementFees(latest, market);
      const tx = await signAnchorTransaction(this.account, {
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
    if (!(await storeSignedTransactions(this.db, lease, replacements, head))) return;
    const results = await broadcastRaw(this.rpc, replacements);
    await this.settle(results, head, "replacement");
    this.logger.info(
      { replaced: replacements.map((r) => r.anchorId) },
      "replaced stuck transactions with higher fees",
    );
  }

  private async settle(
    results: BroadcastResults,
    head: bigint | null,
    kind: "first" | "replacement" | "rebroadcast" | "refill",
  ): Promise<void> {
    for (const r of results.values()) if (r.kind !== "ok") this.metrics.refused.inc({ cause: r.kind });
    const sent = [...results].filter(([, r]) => r.outcome === "broadcast").map(([hash]) => hash);
    this.metrics.transactions.inc({ kind }, sent.length);
    if (sent.length > 0) {
      // a head read before sending: no receipt can be in an earlier block
      const { createdEvents } = await markTransactionsBroadcast(this.db, sent, head ?? 0n);
      this.logger.debug({ transactions: sent.length, createdEvents }, "broadcast");
    }
    const refused = [...results].filter(([, r]) => r.outcome === "abandon");
    if (refused.length > 0) {
      const [, first] = refused[0] as [string, { kind: string; detail: string }];
      await abandonTransactions(
        this.db,
        refused.map(([hash]) => hash),
        tagError(first.kind, first.detail),
        retryDelayMs(1),
      );
      this.onError(`the node refused ${refused.length} transaction(s): ${first.detail}`);
      this.logger.warn(
        { transactions: refused.length, kind: first.kind, detail: first.detail },
        "node refused transactions",
      );
    }
  }

  /** A queued anchor that has failed to get out for too long fails for good. */
  private async gaveUp(anchor: {
    id: string;
    firstErrorAt: Date | null;
    lastError: string | null;
  }): Promise<boolean> {
    if (!anchor.firstErrorAt) return false;
    const row = anchor;
    const kind = errorKind(row.lastError);
    const age = Date.now() - anchor.firstErrorAt.getTime();
    if (kind === "insufficient_funds" && age > this.config.fundsGiveUpMs) {
      await this.fail(anchor.id, "insufficient_gas", row.lastError ?? "insufficient funds");
      return true;
    }
    if (kind !== "insufficient_funds" && age > this.config.rpcGiveUpMs) {
      await this.fail(
        anchor.id,
        kind === "unreachable" ? "rpc_unavailable" : "rejected",
        row.lastError ?? "",
      );
      return true;
    }
    return false;
  }

  private fail(anchorId: string, reason: FailureReason, details: string): Promise<void> {
    return failBatch({ db: this.db, metrics: this.metrics, logger: this.logger }, anchorId, reason, details);
  }
}
