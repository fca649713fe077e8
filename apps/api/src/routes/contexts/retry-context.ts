import { AppError } from "@ctxlog/core";
import { retryContext as retryFailedContext } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { enqueueAnchoring } from "../../ingestion/context-writer";
import type { RouteHandler } from "../route-spec";
import { contextResource } from "./context-resource";
import type { contextIdParamsSchema } from "./schemas";

/**
 * POST /v1/contexts/:id/retry — a failed context whose failure allows it goes back to pending and
 * is anchored anew. Anything else (pending, confirmed, a failure that cannot succeed again) is a
 * 409; a context outside the key's reach is a 404.
 */
export function retryContext({
  db,
  queues,
  logger,
  confirmationEstimate,
}: ApiDeps): RouteHandler<{ params: typeof contextIdParamsSchema; scope: "contexts" }> {
  return async ({ params: { id }, scope, res }) => {
    const estimated = new Date(Date.now() + confirmationEstimate.delayMs());
    const result = await retryFailedContext(db, scope, id, estimated);
    if (result.outcome === "not_found") throw new AppError("NOT_FOUND", `No context ${id}.`);
    if (result.outcome === "not_retryable") {
      const why =
        result.status === "failed"
          ? "its failure cannot be retried (retry_possible is false)"
          : `it is ${result.status}, not failed`;
      throw new AppError("CONFLICT", `Context ${id} cannot be retried: ${why}.`);
    }
    await enqueueAnchoring(queues, logger, [id]);
    res.status(202).json(contextResource(result.context, null)); // pending again: no block
  };
}
