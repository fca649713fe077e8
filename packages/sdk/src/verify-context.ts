import type { WitnessPolicy } from "@ctxlog/tlog";
import {
  BaseError,
  BlockNotFoundError,
  createPublicClient,
  HttpRequestError,
  http,
  parseEventLogs,
  TimeoutError,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from "viem";
import { type HeldContext, withHeldData } from "./erased-bundle";
import { RpcUnreachableError } from "./errors";
import type { LogKey } from "./log-checks";
import { type CheckResult, fail, offlineChecks, pass, shortMessage, withFields } from "./offline-checks";
import { fieldProblems } from "./proof-bundle";
import { anchoredEventAbi } from "./registry-abi";
import { type VerificationVerdict, verdictOf } from "./verdict";

export interface VerifyContextOptions {
  /** Any JSON-RPC endpoint of the bundle's chain: yours, a provider's, a local node. */
  rpcUrl: string;
  /** Overrides the bundle's `required_confirmations` (a verifier may demand more, or fewer). */
  requiredConfirmations?: number;
  /**
   * Signer addresses you trust (e.g. from GET /v1/signers, fetched once and pinned). Without it,
   * signature_valid only proves that `signer_address` signed, whoever that is.
   */
  expectedSigners?: readonly string[];
  /**
   * Accounts trusted to have sent the anchor transaction (the Anchored event's `submitter`), for
   * the `anchor_submitter` check. Anyone may call the registry's `anchor`, so the sender is what
   * binds the root to the service. Default: the bundle's `anchor_address` (the service's anchor
   * key, GET /v1/signers kind "anchor"), its `signer_address` (bundles from before the keys were
   * split) and your `expectedSigners`. Pin the anchor keys here to trust nothing in the bundle.
   */
  trustedSubmitters?: readonly string[];
  /** @deprecated the former name of `trustedSubmitters` (used when that is not given). */
  expectedSubmitters?: readonly string[];
  /** Per RPC call; default 10 s. */
  timeoutMs?: number;
  /**
   * The context as you kept it ({agent_id, context_data, metadata}), checked instead of the
   * bundle's own data: how a context whose data the service erased is still proven.
   */
  data?: HeldContext;
  /**
   * Version 4 bundles: the transparency log's verifier key to trust (its `name+keyid+base64`
   * string, or parsed). Without it, checkpoint_signature uses the bundle's own `log.verifier_key`,
   * which proves the bundle consistent with itself only.
   */
  logKey?: LogKey;
  /**
   * Version 4 bundles: the witnesses whose cosignatures make the checkpoint trusted
   * (`witnessPolicy(k, [witness verifier key…])`, exported here too). Without it, the bundle's own
   * `log.witness_policy`.
   */
  witnessPolicy?: WitnessPolicy;
}

export interface VerifyContextResult {
  /**
   * `verified`; `verified_data_unavailable` when the bundle's data was erased (and no `data` given):
   * the data checks did not run (`unavailable`, status `not_run`) and every other check passed;
   * `failed` when a check that ran failed.
   */
  verdict: VerificationVerdict;
  /** true for both verified verdicts: read `verdict` */
  verified: boolean;
  /** the bundle's data was erased and none was supplied: canonical_context and hash_matches did not run */
  data_erased: boolean;
  checks: CheckResult[];
  /** head − block + 1 on the RPC's chain; null when the transaction was not found. */
  confirmations: number | null;
  /** Block of the transaction according to the RPC; null when it was not found. */
  block_number: number | null;
}

const lower = (s: string) => s.toLowerCase();

/**
 * Verifies a proof bundle (GET /v1/contexts/:id/proof) against the chain, trusting neither the
 * service nor the bundle: canonical form, hash, signature (versions 3 and 4: the EIP-712 receipt's; 1 and 2: EIP-191), Merkle path, then — through
 * `rpcUrl` only — the transaction, its Anchored log and who sent it, the block's canonicity and the
 * confirmations. Version 4 (the transparency log) adds checkpoint_signature, witness_cosignatures
 * and log_consistency after merkle_proof, held to `logKey` and `witnessPolicy` when given.
 *
 * Tampered or malformed input never throws: it fails the check it breaks. The only exception is
 * `RpcUnreachableError`, when the node cannot be asked at all (which proves nothing either way).
 */
export async function verifyContext(
  bundle: unknown,
  options: VerifyContextOptions,
): Promise<VerifyContextResult> {
  const subject = options.data ? withHeldData(bundle, options.data) : bundle;
  const offline = await offlineChecks(subject, options.expectedSigners, {
    logKey: options.logKey,
    witnessPolicy: options.witnessPolicy,
  });
  const chain = await chainChecks(subject, options);
  const checks = [...offline, ...chain.checks];
  const verdict = verdictOf(checks);
  return {
    verdict,
    verified: verdict !== "failed",
    data_erased: checks.some((c) => c.unavailable),
    checks,
    confirmations: chain.confirmations,
    block_number: chain.blockNumber,
  };
}

async function chainChecks(bundle: unknown, options: VerifyContextOptions) {
  const { rpcUrl } = options;
  const client = createPublicClient({
    transport: http(rpcUrl, { timeout: options.timeoutMs ?? 10_000, retryCount: 2, retryDelay: 200 }),
  });
  // Translates "could not ask" into RpcUnreachableError; answers (even errors) pass through.
  const ask = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (isTransportError(error)) {
        throw new RpcUnreachableError(
          `RPC endpoint ${rpcUrl} is unreachable: ${shortMessage(error)}`,
          rpcUrl,
          {
            cause: error,
          },
        );
      }
      throw error;
    }
  };

  let chainId: number;
  try {
    chainId = await ask(() => client.getChainId());
  } catch (error) {
    // Not even eth_chainId: whatever answers at this URL is no usable node.
    if (error instanceof RpcUnreachableError) throw error;
    throw new RpcUnreachableError(
      `RPC endpoint ${rpcUrl} did not answer eth_chainId: ${shortMessage(error)}`,
      rpcUrl,
      {
        cause: error,
      },
    );
  }

  let receipt: TransactionReceipt | undefined;
  /** the sender of the Anchored log for merkle_root, once anchored_log found it */
  let submitter: string | undefined;
  let missing = "the transaction was not found";
  const txProblems = fieldProblems(bundle, ["transaction_hash"]);
  if (txProblems.length > 0) {
    missing = txProblems.join("; ");
  } else {
    const hash = (bundle as { transaction_hash: `0x${string}` }).transaction_hash;
    try {
      receipt = await ask(() => client.getTransactionReceipt({ hash }));
    } catch (error) {
      if (error instanceof RpcUnreachableError) throw error;
      missing =
        error instanceof TransactionReceiptNotFoundError
          ? `no receipt for ${hash} on chain ${chainId} (unknown, dropped or not yet mined)`
          : `the receipt of ${hash} could not be read: ${shortMessage(error)}`;
    }
  }
  const noReceipt = (name: CheckResult["name"]) => fail(name, missing);

  const transaction = await withFields("transaction", bundle, ["chain_id", "registry_address"], (b) => {
    if (!receipt) return noReceipt("transaction");
    const problems: string[] = [];
    if (chainId !== b.chain_id)
      problems.push(`the RPC serves chain ${chainId}, the bundle says chain_id ${b.chain_id}`);
    if (receipt.status !== "success") problems.push(`the transaction ${receipt.status}`);
    if (!receipt.to || lower(receipt.to) !== lower(b.registry_address)) {
      problems.push(
        `the transaction was sent to ${receipt.to ?? "no address"}, not registry ${b.registry_address}`,
      );
    }
    return problems.length > 0
      ? fail("transaction", problems.join("; "))
      : pass("transaction", `successful call to ${receipt.to} on chain ${chainId}`);
  });

  const anchoredLog = await withFields("anchored_log", bundle, ["registry_address", "merkle_root"], (b) => {
    if (!receipt) return noReceipt("anchored_log");
    const fromRegistry = receipt.logs.filter((log) => lower(log.address) === lower(b.registry_address));
    const events = parseEventLogs({ abi: anchoredEventAbi, eventName: "Anchored", logs: fromRegistry });
    if (events.length === 0) return fail("anchored_log", `no Anchored log emitted by ${b.registry_address}`);
    const match = events.find((e) => lower(e.args.root) === lower(b.merkle_root));
    if (!match) {
      const roots = events.map((e) => e.args.root).join(", ");
      return fail("anchored_log", `the registry anchored ${roots}, not merkle_root ${b.merkle_root}`);
    }
    submitter = match.args.submitter;
    if (b.version === 4) {
      // the anchored root is the log's tree at anchored_tree_size, and the event says how large
      const size = (b.log as { anchored_tree_size?: unknown } | undefined)?.anchored_tree_size;
      if (match.args.count !== size) {
        return fail(
          "anchored_log",
          `Anchored(root, count=${match.args.count}) by ${submitter}, but log.anchored_tree_size is ${size === undefined ? "missing" : JSON.stringify(size)}`,
        );
      }
    }
    return pass("anchored_log", `Anchored(root, count=${match.args.count}) by ${submitter}`);
  });

  const trusted = options.trustedSubmitters ?? options.expectedSubmitters;
  const anchorSubmitter = await withFields(
    "anchor_submitter",
    bundle,
    trusted ? [] : ["signer_address"],
    (b) => {
      if (!receipt) return noReceipt("anchor_submitter");
      if (!submitter)
        return fail("anchor_submitter", "no Anchored log for merkle_root, so no submitter to check");
      const by = submitter;
      // the service anchors with its anchor key (the bundle's anchor_address), apart from the
      // attestation key since the keys were split; before, with the key that signed its contexts
      const own = [b.signer_address, ...(b.anchor_address ? [b.anchor_address] : [])];
      const allowed = trusted ?? [...own, ...(options.expectedSigners ?? [])];
      if (!allowed.some((a) => lower(a) === lower(by))) {
        const whom = trusted
          ? "one of the trusted submitters"
          : `the bundle's anchor key or signer ${own.join(", ")} (pass trustedSubmitters to trust another anchoring account)`;
        return fail("anchor_submitter", `merkle_root was anchored by ${by}, not ${whom}`);
      }
      return pass(
        "anchor_submitter",
        `anchored by ${by}, ${trusted ? "a trusted submitter" : "the bundle's anchor key"}`,
      );
    },
  );

  const block = await withFields("block", bundle, ["block_number"], async (b) => {
    if (!receipt) return noReceipt("block");
    if (receipt.blockNumber !== BigInt(b.block_number)) {
      return fail(
        "block",
        `the transaction is in block ${receipt.blockNumber}, the bundle says ${b.block_number}`,
      );
    }
    let canonicalHash: string | null;
    try {
      canonicalHash = (await ask(() => client.getBlock({ blockNumber: receipt.blockNumber }))).hash;
    } catch (error) {
      if (!(error instanceof BlockNotFoundError)) throw error;
      canonicalHash = null;
    }
    if (canonicalHash === null || lower(canonicalHash) !== lower(receipt.blockHash)) {
      return fail(
        "block",
        `block ${receipt.blockNumber} is now ${canonicalHash ?? "missing"}, not ${receipt.blockHash} (reorg)`,
      );
    }
    return pass("block", `block ${receipt.blockNumber} (${receipt.blockHash}) is canonical`);
  });

  let confirmations: number | null = null;
  const required = options.requiredConfirmations;
  const confirmationFields = required === undefined ? (["required_confirmations"] as const) : [];
  const confirmationsCheck = await withFields("confirmations", bundle, confirmationFields, async (b) => {
    if (!receipt) return noReceipt("confirmations");
    const head = await ask(() => client.getBlockNumber({ cacheTime: 0 }));
    confirmations = Math.max(0, Number(head - receipt.blockNumber + 1n));
    const needed = required ?? b.required_confirmations;
    return confirmations >= needed
      ? pass("confirmations", `${confirmations} confirmations ≥ ${needed} required`)
      : fail("confirmations", `${confirmations} confirmations < ${needed} required`);
  });

  return {
    checks: [transaction, anchoredLog, anchorSubmitter, block, confirmationsCheck],
    confirmations,
    blockNumber: receipt ? Number(receipt.blockNumber) : null,
  };
}

function isTransportError(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  return Boolean(error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError));
}
