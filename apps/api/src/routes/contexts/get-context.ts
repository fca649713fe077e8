import { AppError, contextReadScope } from "@ctxlog/core";
import { getContext as findContext } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { AuthContext } from "../../http/request-context";
import type { RouteHandler } from "../route-spec";
import { contextResource } from "./context-resource";
import type { contextIdParamsSchema } from "./schemas";

export function contextReader(auth: AuthContext) {
  return { userId: auth.userId, keyFamilyId: auth.keyFamilyId, scope: contextReadScope(auth.type) };
}

/** GET /v1/contexts/:id — a context outside the key's reach is a 404, exactly like a missing one. */
export function getContext({ db }: ApiDeps): RouteHandler<{ params: typeof contextIdParamsSchema }> {
  return async ({ params: { id }, auth, res }) => {
    const row = await findContext(db, contextReader(auth), id);
    if (!row) throw new AppError("NOT_FOUND", `No context ${id}.`);
    res.json(contextResource(row));
  };
}
