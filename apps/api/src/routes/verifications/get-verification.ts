import { type ApiKeyType, AppError, isId } from "@ctxlog/core";
import { getVerification as findVerification, type VerificationViewer } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { AuthContext } from "../../http/request-context";
import type { RouteHandler } from "../route-spec";
import type { verificationIdParamsSchema } from "./schemas";
import { verificationResource } from "./verification-resource";

// Keys that read all of the account's contexts see all of its verifications; public and restricted
// keys only those made with their own key family (a verification describes the context it checked).
const ALL: ReadonlySet<ApiKeyType> = new Set(["full", "read_only"]);

export function verificationViewer(auth: AuthContext): VerificationViewer {
  return { userId: auth.userId, keyFamilyId: auth.keyFamilyId, scope: ALL.has(auth.type) ? "all" : "family" };
}

/** GET /v1/verifications/:id — another user's verification is a 404, exactly like a missing one. */
export function getVerification({
  db,
}: ApiDeps): RouteHandler<{ params: typeof verificationIdParamsSchema }> {
  return async ({ params: { id }, auth, res }) => {
    // anything not shaped like an id (a NUL byte, say) is unknown without asking PostgreSQL
    const row = isId(id, "vrf") ? await findVerification(db, verificationViewer(auth), id) : null;
    if (!row) throw new AppError("NOT_FOUND", `No verification ${id}.`);
    res.json(verificationResource(row));
  };
}
