import { AppError } from "@ctxlog/core";
import { getContextWithAnchor } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { RouteHandler } from "../route-spec";
import { contextReader } from "./get-context";
import type { ProofBundle } from "./proof-schema";
import type { contextIdParamsSchema } from "./schemas";

/**
 * GET /v1/contexts/:id/proof — everything needed to verify the context without this service: the
 * exact bytes hashed, the signature, the Merkle path and where the root is on chain. Available
 * once the context is confirmed; before that it is a 409.
 */
export function getContextProof({
  db,
  env,
}: ApiDeps): RouteHandler<{ params: typeof contextIdParamsSchema }> {
  return async ({ params: { id }, auth, res }) => {
    const row = await getContextWithAnchor(db, contextReader(auth), id);
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
    const bundle: ProofBundle = {
      context_id: row.id,
      context: {
        agent_id: row.agentId,
        context_data: row.contextData as Record<string, unknown>,
        metadata: row.metadata as Record<string, unknown>,
      },
      canonical_context: row.canonicalJson,
      canonicalization: "RFC8785",
      hash_algorithm: "keccak256",
      context_hash: row.contextHash,
      signature: row.signature,
      signature_scheme: "EIP-191",
      signer_address: row.signerAddress,
      merkle_algorithm: "sorted-pair-keccak256",
      leaf_index: row.leafIndex,
      merkle_proof: row.merkleProof,
      merkle_root: anchor.merkleRoot,
      chain_id: anchor.chainId,
      network: anchor.network,
      registry_address: anchor.registryAddress,
      transaction_hash: row.transactionHash,
      block_number: Number(row.blockNumber),
      required_confirmations: env.CONFIRMATIONS,
    };
    res.json(bundle);
  };
}
