import { AppError, isId } from "@ctxlog/core";
import { getVerification as findVerification } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { RouteHandler } from "../route-spec";
import type { verificationIdParamsSchema } from "./schemas";
import { verificationResource } from "./verification-resource";

/** GET /v1/verifications/:id — another user's verification is a 404, exactly like a missing one. */
export function getVerification({
  db,
}: ApiDeps): RouteHandler<{ params: typeof verificationIdParamsSchema; scope: "verifications" }> {
  return async ({ params: { id }, scope, res }) => {
    // anything not shaped like an id (a NUL byte, say) is unknown without asking PostgreSQL
    const row = isId(id, "vrf") ? await findVerification(db, scope, id) : null;
    if (!row) throw new AppError("NOT_FOUND", `No verification ${id}.`);
    res.json(verificationResource(row));
  };
}
