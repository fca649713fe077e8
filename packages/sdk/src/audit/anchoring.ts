// Whether an entry's anchor holds on the chain: its transaction, the Anchored log of its root, who
// sent it, and the depth of its block.
import type { AuditAgentOptions } from "./audit-agent";
import type { AuditBreakKind } from "./breaks";
import type { ChainReader } from "./chain-reader";
import type { AuditEntry } from "./entry-checks";

const lower = (s: string) => s.toLowerCase();

/**
 * Why the anchor of `e` does not hold (its transaction, the Anchored log of its root from the
 * registry and the anchor key, a canonical block at the required depth), or null. The chain
 * decides, not the status: a mined batch the service has not confirmed yet is measured at its
 * depth like any other.
 */
export async function anchoringBreak(
  e: AuditEntry,
  transactionHash: string,
  merkleRoot: string,
  chain: ChainReader,
  options: Pick<AuditAgentOptions, "trustedSubmitters" | "requiredConfirmations">,
): Promise<{ kind: AuditBreakKind; what: string } | null> {
  const onChain = await chain.anchor(transactionHash);
  if (!onChain)
    return {
      kind: "not_confirmed",
      what: `the chain has no transaction ${transactionHash} (not mined, or reorged away)`,
    };
  if (onChain.status !== "success")
    return { kind: "unanchored", what: `transaction ${transactionHash} reverted` };
  const log = onChain.anchored.get(lower(merkleRoot));
  if (!log || (e.registry_address && lower(log.registry) !== lower(e.registry_address))) {
    return {
      kind: "unanchored",
      what: `transaction ${transactionHash} has no Anchored log for ${merkleRoot} from the registry`,
    };
  }
  const submitters = options.trustedSubmitters ?? (e.anchor_address ? [e.anchor_address] : []);
  if (!submitters.some((s) => lower(s) === lower(log.submitter))) {
    return {
      kind: "unanchored",
      what: `its root was anchored by ${log.submitter}, not the service's anchor key`,
    };
  }
  // a tree head is anchored with its size: the tree the line's proofs are in must be that one
  if (e.version === 4 && log.count !== e.log?.anchored_tree_size) {
    return {
      kind: "unanchored",
      what: `its root was anchored as a tree of ${log.count} leaves, not log.anchored_tree_size ${e.log?.anchored_tree_size}`,
    };
  }
  const canonical = await chain.blockHash(onChain.blockNumber);
  if (canonical === null || lower(canonical) !== lower(onChain.blockHash)) {
    return {
      kind: "not_confirmed",
      what: `block ${onChain.blockNumber} is not on the canonical chain (reorg)`,
    };
  }
  const required = options.requiredConfirmations ?? e.required_confirmations;
  const depth = Number((await chain.headBlock()) - onChain.blockNumber + 1n);
  if (depth < required) return { kind: "not_confirmed", what: `${depth} of ${required} confirmations` };
  return null;
}
