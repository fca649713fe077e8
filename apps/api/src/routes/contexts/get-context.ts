import { AppError, contextReadScope } from "@ctxlog/core";
import { getContext as findContext } from "@ctxlog/db";
import type { RequestHandler } from "express";
import type { ApiDeps } from "../../deps";
import type { AuthContext } from "../../http/request-context";
import { requireAuth } from "../../http/request-context";
import { contextResource } from "./context-resource";

export function contextReader(auth: AuthContext) {
  return { userId: auth.userId, keyFamilyId: auth.keyFamilyId, scope: contextReadScope(auth.type) };
}

/** GET /v1/contexts/:id — a context outside the key's reach is a 404, exactly like a missing one. */
export function getContext({ db }: ApiDeps): RequestHandler {
  return async (req, res) => {
    const auth = requireAuth(req);
    const id = String(req.params.id);
    const row = await findContext(db, contextReader(auth), id);
    if (!row) throw new AppError("NOT_FOUND", `No context ${id}.`);
    res.json(contextResource(row));
  };
}
