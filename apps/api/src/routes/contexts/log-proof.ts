import { readAnchoredCheckpoint } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { TransparencyLogProof } from "./proof-schema";

/**
 * A tree head's `log` (bundle version 4): the checkpoint the log signed for the anchored size, so
 * the inclusion proof is in the anchored tree itself (no consistency proof between two trees).
 * The checkpoint carries the cosignatures collected for that size, and the policy the chain worker
 * recorded says how many the service asks for.
 */
export async function logProof(db: ApiDeps["db"], treeSize: number): Promise<TransparencyLogProof> {
  const anchored = await readAnchoredCheckpoint(db, treeSize);
  if (!anchored)
    throw new Error(`the log holds no checkpoint its keys signed for the anchored size ${treeSize}`);
  return {
    origin: anchored.origin,
    verifier_key: anchored.verifierKey,
    tree_size: treeSize,
    checkpoint: anchored.checkpoint,
    witness_policy: anchored.witnessPolicy,
    anchored_tree_size: treeSize,
    consistency_proof: [],
  };
}
