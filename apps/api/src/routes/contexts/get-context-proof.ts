import { AppError } from "@ctxlog/core";
import { getContextWithAnchor, readAnchoredCheckpoint } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { RouteHandler } from "../route-spec";
import { proofBundle } from "./proof-bundle";
import type { ProofBundle, TransparencyLogProof } from "./proof-schema";
import type { contextIdParamsSchema } from "./schemas";

/**
 * GET /v1/contexts/:id/proof — everything needed to verify the context without this service: the
 * exact bytes hashed, the signature, the Merkle path and where the root is on chain. Available
 * once the context is confirmed; before that it is a 409.
 */
export function getContextProof({
  db,
  env,
}: ApiDeps): RouteHandler<{ params: typeof contextIdParamsSchema; scope: "contexts" }> {
  return async ({ params: { id }, scope, res }) => {
    const row = await getContextWithAnchor(db, scope, id);
    if (!row) throw new AppError("NOT_FOUND", `No context ${id}.`);
    const anchor = row.anchor;
    if (
      row.status !== "confirmed" ||
      !anchor ||
      row.leafIndex === null ||
      !row.transactionHash ||
      row.blockNumber === null
    ) {
      throw new AppError("CONFLICT", `Context ${id} is ${row.status}: a proof exists once it is confirmed.`);
    }
    const log = anchor.treeSize === null ? undefined : await logProof(db, Number(anchor.treeSize));
    const bundle = proofBundle(row, anchor, env.CONFIRMATIONS, log) as ProofBundle;
    res.json(bundle);
  };
}

/**
 * A tree head's `log` (bundle version 4): the checkpoint the log signed for the anchored size, so
 * the inclusion proof is in the anchored tree itself (no consistency proof between two trees).
 * The checkpoint carries the cosignatures collected for that size, and the policy the chain worker
 * recorded says how many the service asks for.
 */
async function logProof(db: ApiDeps["db"], treeSize: number): Promise<TransparencyLogProof> {
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
