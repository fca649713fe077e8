// witness_cosignatures of a pack's tree heads (C2SP tlog-cosignature, cosignature/v1): with a
// witness policy given (`--witness-key`, `--witness-threshold`), each tree head's checkpoint in
// anchors.json must carry `threshold` valid cosignatures of its witnesses; without one, each
// version 4 entry's checkpoint (its anchor's) must carry those its `log.witness_policy` asks for,
// the pack's own word, as `ctxlog verify` holds a bundle to its own policy. A cosignature by a
// witness the policy names that does not verify fails the check (C2SP signed-note); one by a key
// the policy does not name is not counted.
import {
  isTlogError,
  openCheckpoint,
  parseVerifierKey,
  recordedWitnessPolicy,
  type WitnessPolicy,
} from "@ctxlog/tlog";
import type { ProvenTreeHead, TreeHeadEntry } from "./tree-head";

/** Whose policy the tree heads were held to, for the verdict. */
export interface PackWitnesses {
  /** "given": the caller's; "pack": each entry's log.witness_policy; "none": none given, none recorded or 0 witnesses asked */
  policy: "given" | "pack" | "none";
  /** the given policy's threshold and witnesses (by name); null unless given */
  threshold: number | null;
  witnesses: string[] | null;
  /** the pack's tree heads (anchors of the log's tree head) */
  tree_heads: number;
}

/** A TlogError's words without its details (each language words the details its own way). */
const words = (error: unknown) =>
  isTlogError(error)
    ? error.shortMessage
    : error instanceof Error
      ? (error.message.split("\n")[0] ?? "")
      : String(error);

/**
 * Why the checkpoint does not carry the cosignatures `policy` asks for, or null. `whose` names
 * the policy in the reason ("the given policy", "its witness_policy").
 */
export function cosignatureProblem(
  head: Pick<ProvenTreeHead, "checkpoint" | "origin" | "verifier_key">,
  policy: WitnessPolicy,
  whose: string,
): string | null {
  let counted: ReturnType<typeof openCheckpoint>["witnesses"];
  try {
    const key = parseVerifierKey(head.verifier_key);
    counted = openCheckpoint(head.checkpoint, { origin: head.origin, key }, policy).witnesses;
  } catch (error) {
    return words(error);
  }
  if (!counted || counted.satisfied) return null;
  const missing = counted.missing.length > 0 ? `; missing: ${counted.missing.join(", ")}` : "";
  return `${counted.cosignedBy.length} of ${policy.witnesses.length} witnesses cosigned (${whose} needs ${policy.threshold})${missing}`;
}

/** The witness policy an entry's `log` records: null when it records none, thrown when malformed. */
function recordedPolicy(log: Record<string, unknown>): WitnessPolicy | null {
  const policy = log.witness_policy;
  return policy === undefined || policy === null ? null : recordedWitnessPolicy(policy);
}

/**
 * The entries' recorded policies, each checkpoint checked once per policy (the entries of one
 * anchor share both): what it keeps grows with the tree heads, not the entries.
 */
export class RecordedWitnesses {
  private readonly checked = new Map<string, string | null>();
  /** the checkpoints held to a recorded policy that asks for a cosignature */
  readonly checkpoints = new Set<string>();

  /** Why the entry's checkpoint lacks the cosignatures its log.witness_policy asks for, or null. */
  problem(e: TreeHeadEntry): string | null {
    const log = e.log as unknown as Record<string, unknown>;
    const id = `${e.log.checkpoint}\n${JSON.stringify(log.witness_policy ?? null)}`;
    let problem = this.checked.get(id);
    if (problem === undefined) {
      problem = this.check(e);
      this.checked.set(id, problem);
    }
    return problem;
  }

  private check(e: TreeHeadEntry): string | null {
    let policy: WitnessPolicy | null;
    try {
      policy = recordedPolicy(e.log as unknown as Record<string, unknown>);
    } catch (error) {
      return words(error);
    }
    if (policy === null) return null;
    // a policy of 0 witnesses asks for nothing: the verdict says so, not that witnesses cosigned
    if (policy.threshold > 0) this.checkpoints.add(e.log.checkpoint);
    return cosignatureProblem(e.log, policy, "its witness_policy");
  }
}

/** The verdict's account of the witnesses: whose policy, and over how many tree heads. */
export function packWitnesses(
  given: WitnessPolicy | undefined,
  recorded: RecordedWitnesses,
  treeHeads: number,
): PackWitnesses {
  if (given)
    return {
      policy: "given",
      threshold: given.threshold,
      witnesses: given.witnesses.map((w) => w.name),
      tree_heads: treeHeads,
    };
  const policy = recorded.checkpoints.size > 0 ? "pack" : "none";
  return { policy, threshold: null, witnesses: null, tree_heads: treeHeads };
}

/** The verdict line's words on the witnesses. */
export function witnessesPhrase(w: PackWitnesses): string {
  if (w.tree_heads === 0) return "; no tree head, so no witness cosignature to check";
  const each = `each tree head (${w.tree_heads}) cosigned`;
  switch (w.policy) {
    case "given":
      return `; ${each} by ${w.threshold} of ${(w.witnesses ?? []).join(", ") || "no witness"} (the given witness policy)`;
    case "pack":
      return `; ${each} as its entries' witness_policy asks (the pack's own word; --witness-key to pin one)`;
    case "none":
      return `; witness cosignatures of the tree heads (${w.tree_heads}) not checked: no policy given, and the pack's asks for none`;
  }
}
