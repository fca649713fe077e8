import { AppError } from "@ctxlog/core";
import { type Eraser, eraseContextData as eraseData, getContext } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { AuthContext } from "../../http/request-context";
import type { RouteHandler } from "../route-spec";
import { contextResource } from "./context-resource";
import { type eraseRequestSchema, erasureConflict, minRetentionOf } from "./erasure-request";
import type { contextIdParamsSchema } from "./schemas";

/** Who is erasing, as the row and the `context.erased` event keep it. */
export function eraserOf(auth: AuthContext): Eraser {
  return auth.session
    ? { kind: "dashboard", accountId: auth.session.accountId }
    : { kind: "api_key", apiKeyId: auth.keyId };
}

/**
 * DELETE /v1/contexts/:id/data — erases the context's data and metadata wherever they were
 * stored, keeps its hashes, signature and proof; answers the erased record. Again: the same
 * record (a no-op, the first erasure's time and reason kept). Another user's context is a 404.
 * Refused with 409 while its agent is under a legal hold, and for data younger than
 * CONTEXT_DATA_MIN_RETENTION_DAYS unless the body says `override_retention` (with a reason).
 */
export function eraseContextData({ db, env, confirmationEstimate }: ApiDeps): RouteHandler<{
  params: typeof contextIdParamsSchema;
  body: typeof eraseRequestSchema;
  scope: "contexts";
}> {
  return async ({ params: { id }, body, auth, scope, res }) => {
    const done = await eraseData(db, {
      userId: auth.userId,
      contextId: id,
      by: eraserOf(auth),
      reason: body.reason,
      overrideRetention: body.override_retention,
      minRetention: minRetentionOf(env.CONTEXT_DATA_MIN_RETENTION_DAYS, body),
    });
    if (done && "refused" in done) throw erasureConflict(done.refused);
    const row = done && (await getContext(db, scope, id));
    if (!row) throw new AppError("NOT_FOUND", `No context ${id}.`);
    res.json(contextResource(row, confirmationEstimate));
  };
}
