import {
  currentFees,
  describeRpcError,
  type Fees,
  type NonceCorrection,
  planNonces,
  type RpcClient,
  replacementFees,
  signAnchorTransaction,
} from "@ctxlog/chain";
import {
  type InFlightAnchor,
  listInFlightAnchors,
  nextStoredNonce,
  type PrismaClient,
  resignAnchors,
  type SignedAnchorTransaction,
  type SignerLease,
} from "@ctxlog/db";
import type { Logger } from "pino";
import type { Address, Hex, PrivateKeyAccount } from "viem";
import { adoptMinedTransaction } from "./adopt-mined";
import type { ChainMetrics } from "./metrics";

export interface NonceSyncConfig {
  /** an in-flight transaction not mined this many blocks after its broadcast has the chain asked */
  checkAfterBlocks: number;
}

/** Sends transactions the caller has stored: broadcast, then recorded like any other. */
export type SendStored = (txs: SignedAnchorTransaction[], head: bigint) => Promise<void>;

/**
 * Keeps the sender's nonces on the chain's: before each send and whenever an in-flight
 * transaction has waited `checkAfterBlocks` blocks, it reads the key's nonce (latest and pending)
 * and compares it with the in-flight anchors. A gap under them is filled by re-signing them from
 * the chain's nonce; an in-flight nonce the chain has spent has its receipt adopted, or its batch
 * signed anew when none of ours is mined; a nonce above what the worker knows is adopted. Each
 * correction is logged once with both numbers and counted in chain_nonce_corrections_total.
 */
export class NonceSync {
  /** the nonce the worker expects to give next; read from its rows on the first use */
  private expected: number | undefined;
  private lastLogged = "";

  constructor(
    private readonly db: PrismaClient,
    private readonly rpc: RpcClient,
    private readonly account: PrivateKeyAccount,
    private readonly config: NonceSyncConfig,
    private readonly logger: Logger,
    private readonly metrics: ChainMetrics,
  ) {}

  /** Before sending new anchors: the nonce the first of them gets (gaps filled first). */
  async nextNonce(lease: SignerLease, head: bigint, send: SendStored): Promise<number> {
    const inFlight = await listInFlightAnchors(this.db, this.account.address);
    return this.sync(lease, head, inFlight, send);
  }

  /** The new anchors got `count` nonces from `first` on. */
  used(first: number, count: number): void {
    this.expected = Math.max(this.expected ?? 0, first + count);
  }

  /** Every tick: asks the chain only when the oldest in-flight transaction has waited long enough. */
  async checkInFlight(lease: SignerLease, head: bigint, send: SendStored): Promise<void> {
    const inFlight = await listInFlightAnchors(this.db, this.account.address);
    const waited = inFlight.filter(
      (a) =>
        a.broadcastBlock !== null &&
        // a head below the broadcast block: the chain lost blocks, ask at once
        (head < a.broadcastBlock || head - a.broadcastBlock >= BigInt(this.config.checkAfterBlocks)),
    );
    if (waited.length === 0) return;
    await this.sync(lease, head, inFlight, send);
  }

  private async sync(
    lease: SignerLease,
    head: bigint,
    inFlight: InFlightAnchor[],
    send: SendStored,
  ): Promise<number> {
    const address = this.account.address;
    const [chainLatest, chainPending] = await Promise.all([
      this.rpc.getTransactionCount({ address, blockTag: "latest" }),
      this.rpc.getTransactionCount({ address, blockTag: "pending" }),
    ]);
    this.expected ??= await nextStoredNonce(this.db, address);

    // in-flight nonces the chain has spent: ours mined unseen, or someone else's took the nonce
    const spent = inFlight.filter((a) => a.nonce < chainLatest);
    for (const anchor of spent) {
      const outcome = await adoptMinedTransaction(
        { db: this.db, rpc: this.rpc, logger: this.logger, metrics: this.metrics },
        anchor.id,
        anchor.nonce,
      ).catch((err: unknown) => {
        this.logger.warn({ anchor: anchor.id, err: describeRpcError(err) }, "cannot adopt a spent nonce");
        return "retry" as const;
      });
      if (outcome === "requeued")
        this.correct({ kind: "adopted", chainNonce: chainLatest, workerNonce: anchor.nonce });
    }
    const live = inFlight.filter((a) => a.nonce >= chainLatest);
    const plan = planNonces({
      chainLatest,
      chainPending,
      inFlight: live.map((a) => a.nonce),
      expected: this.expected,
    });
    if (plan.correction) this.correct(plan.correction);
    if (plan.refillFrom !== undefined) await this.refill(lease, head, live, plan.refillFrom, send);
    this.expected = plan.next;
    return plan.next;
  }

  /** Same anchors, same contexts, re-signed from the chain's nonce, outbidding any old one. */
  private async refill(
    lease: SignerLease,
    head: bigint,
    anchors: InFlightAnchor[],
    from: number,
    send: SendStored,
  ): Promise<void> {
    const market = await currentFees(this.rpc);
    const highest: Fees = {
      maxFeePerGas: maxOf(anchors.map((a) => a.maxFeePerGas)),
      maxPriorityFeePerGas: maxOf(anchors.map((a) => a.maxPriorityFeePerGas)),
    };
    // an old transaction may still sit in the node's pool at any of the new nonces
    const fees = replacementFees(highest, market);
    const txs: SignedAnchorTransaction[] = [];
    let nonce = from;
    for (const anchor of anchors) {
      const tx = await signAnchorTransaction(this.account, {
        chainId: anchor.chainId,
        registryAddress: anchor.registryAddress as Address,
        merkleRoot: anchor.merkleRoot as Hex,
        count: anchor.anchoredCount,
        nonce,
        gasLimit: anchor.gasLimit,
        fees,
      });
      txs.push({ anchorId: anchor.id, ...tx, nonce: nonce++, gasLimit: anchor.gasLimit, ...fees });
    }
    if (!(await resignAnchors(this.db, lease, txs, head))) {
      this.logger.warn("signer lease lost before re-signing; nothing was sent");
      return;
    }
    await send(txs, head);
    this.logger.info(
      { anchors: anchors.map((a) => a.id), from, to: nonce - 1 },
      "re-signed in-flight anchors to fill a nonce gap",
    );
  }

  private correct(c: NonceCorrection): void {
    const key = `${c.kind}:${c.chainNonce}:${c.workerNonce}`;
    if (key === this.lastLogged) return;
    this.lastLogged = key;
    this.metrics.nonceCorrections.inc({ kind: c.kind });
    if (c.kind === "gap") {
      this.logger.warn(
        { chainNonce: c.chainNonce, workerNonce: c.workerNonce, signer: this.account.address },
        `anchor key nonce gap: the chain's nonce is ${c.chainNonce} but the worker's is ${c.workerNonce}; sending from ${c.chainNonce}`,
      );
    } else {
      this.logger.warn(
        { chainNonce: c.chainNonce, workerNonce: c.workerNonce, signer: this.account.address },
        `anchor key used elsewhere: the chain's nonce is ${c.chainNonce}, above the worker's ${c.workerNonce}; adopting ${c.chainNonce}`,
      );
    }
  }
}

function maxOf(values: bigint[]): bigint {
  let highest = 0n;
  for (const v of values) if (v > highest) highest = v;
  return highest;
}
