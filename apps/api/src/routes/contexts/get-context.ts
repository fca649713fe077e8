import { AppError } from "@ctxlog/core";
import { getContext as findContext } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { RouteHandler } from "../route-spec";
import { contextResource } from "./context-resource";
import type { contextIdParamsSchema } from "./schemas";

/** GET /v1/contexts/:id — a context outside the key's reach is a 404, exactly like a missing one. */
export function getContext({
  db,
  confirmationEstimate,
}: ApiDeps): RouteHandler<{ params: typeof contextIdParamsSchema; scope: "contexts" }> {
  return async ({ params: { id }, scope, res }) => {
    const row = await findContext(db, scope, id);
    if (!row) throw new AppError("NOT_FOUND", `No context ${id}.`);
    res.json(contextResource(row, confirmationEstimate));
  };
}
