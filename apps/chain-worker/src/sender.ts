import {
  classifyRpcError,
  currentFees,
  describeRpcError,
  type Fees,
  type RpcClient,
  signAnchorTransaction,
} from "@ctxlog/chain";
import {
  type FailureReason,
  listQueuedAnchors,
  listUnbroadcastTransactions,
  type PrismaClient,
  postponeAnchors,
  type SignedAnchorTransaction,
  type SignerLease,
  storeSignedTransactions,
} from "@ctxlog/db";
import type { Logger } from "pino";
import type { Address, Hex, PrivateKeyAccount } from "viem";
import { errorKind, retryDelayMs, tagError } from "./backoff";
import { broadcastRaw } from "./broadcast";
import { failBatch } from "./failures";
import type { LeaseKeeper } from "./lease-keeper";
import type { ChainMetrics } from "./metrics";
import { NonceSync } from "./nonce-sync";
import { replaceStuckTransactions } from "./replace-stuck";
import { type SettleDeps, settleBroadcasts } from "./settle-broadcasts";

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
  private readonly settleDeps: SettleDeps;

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
    this.settleDeps = { db, metrics, logger, onError };
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
      await replaceStuckTransactions(
        {
          ...this.settleDeps,
          rpc: this.rpc,
          account: this.account,
          replaceAfterMs: this.config.replaceAfterMs,
          batch: this.config.sendBatch,
        },
        lease,
      );
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
    await settleBroadcasts(this.settleDeps, results, head, "rebroadcast");
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
    await settleBroadcasts(this.settleDeps, results, head, "first");
  }

  /** Re-signed transactions (a nonce gap filled), already stored: broadcast and recorded. */
  private async sendStored(txs: SignedAnchorTransaction[], head: bigint): Promise<void> {
    await settleBroadcasts(this.settleDeps, await broadcastRaw(this.rpc, txs), head, "refill");
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
