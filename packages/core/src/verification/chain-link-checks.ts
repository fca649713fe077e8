import { fail, lower, pass, sameHash } from "./check-results";
import type { ChainObservation, VerificationCheck, VerificationInput } from "./types";

// The checks of the chain's links — transaction → Anchored log → canonical block → depth — on what
// the chain said (runVerificationChecks, checks.ts, runs them in order).

/** Why there is no receipt to check, in the words every chain check uses. */
export function missingTransaction(input: VerificationInput): string {
  const { stored, chain, transactionHash } = input;
  if (transactionHash === null) {
    return stored
      ? `${stored.contextId} is ${stored.status} and has no anchoring transaction yet`
      : "no transaction";
  }
  const recorded = stored?.anchor;
  if (
    recorded?.blockNumber != null &&
    recorded.blockHash &&
    !sameHash(chain.recordedBlockHash, recorded.blockHash)
  ) {
    return `no receipt for ${transactionHash}: block ${recorded.blockNumber} (${recorded.blockHash}) it was mined in left the canonical chain (reorg)`;
  }
  return `no receipt for ${transactionHash} on chain ${chain.chainId} (unknown, dropped or not yet mined)`;
}

export function checkTransaction(input: VerificationInput, missingTx: string): VerificationCheck {
  const { chain, stored } = input;
  const anchoredOn = stored?.anchor?.chainId;
  if (anchoredOn !== undefined && anchoredOn !== chain.chainId) {
    return fail(
      "transaction",
      `the batch was anchored on chain ${anchoredOn}; this service reads chain ${chain.chainId}, so it cannot be checked here`,
    );
  }
  const receipt = chain.receipt;
  if (!receipt) return fail("transaction", missingTx);
  if (receipt.status !== "success") return fail("transaction", `the transaction ${receipt.status}`);
  if (!receipt.to || !input.registries.some((r) => lower(r) === lower(receipt.to as string))) {
    return fail(
      "transaction",
      `the transaction was sent to ${receipt.to ?? "no address"}, not the registry ${input.registries.join(" or ")}`,
    );
  }
  return pass("transaction", `successful call to the registry ${receipt.to} on chain ${chain.chainId}`);
}

export function checkAnchoredLog(input: VerificationInput, missingTx: string): VerificationCheck {
  const receipt = input.chain.receipt;
  if (!receipt) return fail("anchored_log", missingTx);
  const logs = receipt.anchored.filter((a) => input.registries.some((r) => lower(r) === lower(a.registry)));
  if (logs.length === 0) {
    return fail(
      "anchored_log",
      `the receipt has no Anchored log emitted by the registry ${input.registries.join(" or ")}`,
    );
  }
  const root = input.stored?.anchor?.merkleRoot;
  if (root === undefined) {
    const roots = logs.map((l) => `${l.root} (${l.count} contexts)`).join(", ");
    return pass("anchored_log", `the registry anchored ${roots}`);
  }
  const treeSize = input.stored?.anchor?.treeSize ?? null;
  const matches = logs.filter((l) => lower(l.root) === lower(root));
  if (matches.length === 0) {
    const what = treeSize === null ? "batch root" : `log tree head (${treeSize} leaves)`;
    return fail(
      "anchored_log",
      `the registry anchored ${logs.map((l) => l.root).join(", ")}, not this context's ${what} ${root}`,
    );
  }
  // a tree head is anchored as anchor(root, tree size): a count other than the size claims another
  // tree for the same root, which a verifier reading the chain alone would then trust
  const match = treeSize === null ? matches[0] : matches.find((l) => l.count === treeSize);
  if (!match) {
    return fail(
      "anchored_log",
      `Anchored(root ${root}, count ${matches.map((l) => l.count).join(", ")}): the count is not the anchored tree size ${treeSize}`,
    );
  }
  const size = treeSize === null ? "" : ` (the log's tree size)`;
  return pass(
    "anchored_log",
    `Anchored(root ${match.root}, count ${match.count}${size}) by ${match.submitter}`,
  );
}

export function checkBlock(input: VerificationInput, missingTx: string): VerificationCheck {
  const { receipt, receiptBlockHash } = input.chain;
  if (!receipt) return fail("block", missingTx);
  if (!sameHash(receiptBlockHash, receipt.blockHash)) {
    return fail(
      "block",
      `block ${receipt.blockNumber} is now ${receiptBlockHash ?? "missing"}, not ${receipt.blockHash} (reorg)`,
    );
  }
  const recorded = input.stored?.anchor;
  const moved =
    recorded?.blockHash && !sameHash(recorded.blockHash, receipt.blockHash)
      ? `; re-mined after a reorg (recorded in block ${recorded.blockNumber ?? "?"})`
      : "";
  return pass("block", `block ${receipt.blockNumber} (${receipt.blockHash}) is canonical${moved}`);
}

export function confirmationsOf(chain: ChainObservation, canonical: boolean): number {
  if (!chain.receipt || !canonical) return 0;
  const depth = chain.head - chain.receipt.blockNumber + 1n;
  return depth > 0n ? Number(depth) : 0;
}
