import { AppError, isId } from "@ctxlog/core";
import { findUserApiKey, type PrismaClient, revokeApiKey } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { type AuthContext, requireSession } from "../../http/request-context";
import type { RouteHandler } from "../route-spec";
import { keyResource } from "./key-resource";
import { publishKeyChange } from "./publish-key-change";
import type { keyIdParamsSchema } from "./schemas";

/** The caller's key named by `:key_id`; anything else (malformed, unknown, another user's) is one 404. */
export async function requireOwnKey(db: PrismaClient, auth: AuthContext, id: string) {
  const key = isId(id, "key") ? await findUserApiKey(db, auth.userId, id) : null;
  if (!key) throw new AppError("NOT_FOUND", `No key ${id}.`);
  return key;
}

/** POST /v1/keys/:key_id/revoke — the key stops working now, on every API process. */
export function revokeKey(deps: ApiDeps): RouteHandler<{ params: typeof keyIdParamsSchema }> {
  return async ({ params, auth, res }) => {
    requireSession(auth); // sessions only, whatever the route table says
    const key = await requireOwnKey(deps.db, auth, params.key_id);
    const revoked = (await revokeApiKey(deps.db, key.id)) ?? key;
    await publishKeyChange(deps, key.id);
    res.json(keyResource(revoked, auth.plan));
  };
}
