import { AppError } from "@ctxlog/core";
import { getContextWithAnchor } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { RouteHandler } from "../route-spec";
import { logProof } from "./log-proof";
import { proofBundle } from "./proof-bundle";
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
