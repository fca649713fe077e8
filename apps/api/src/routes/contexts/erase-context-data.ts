import { AppError } from "@ctxlog/core";
import { type Eraser, eraseContextData as eraseData, getContext } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { AuthContext } from "../../http/request-context";
import type { RouteHandler } from "../route-spec";
import { contextResource } from "./context-resource";
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
 * record (a no-op, the first erasure's time kept). Another user's context is a 404.
 */
export function eraseContextData({ db, confirmationEstimate }: ApiDeps): RouteHandler<{
  params: typeof contextIdParamsSchema;
  scope: "contexts";
}> {
  return async ({ params: { id }, auth, scope, res }) => {
    const done = await eraseData(db, { userId: auth.userId, contextId: id, by: eraserOf(auth) });
    const row = done && (await getContext(db, scope, id));
    if (!row) throw new AppError("NOT_FOUND", `No context ${id}.`);
    res.json(contextResource(row, confirmationEstimate));
  };
}
