import { AppError } from "@ctxlog/core";
import { findUserApiKey, RollApiKeyError, rollApiKey } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { requireSession } from "../../http/request-context";
import type { RouteHandler } from "../route-spec";
import { keyResource } from "./key-resource";
import { publishKeyChange } from "./publish-key-change";
import { requireOwnKey } from "./revoke-key";
import type { keyIdParamsSchema, rollKeyBodySchema } from "./schemas";

/**
 * POST /v1/keys/:key_id/roll — a new key of the same type, patterns and family (so it replays the
 * old one's idempotent answers); the old key works `overlap_hours` more. Shown once.
 */
export function rollKey(
  deps: ApiDeps,
): RouteHandler<{ params: typeof keyIdParamsSchema; body: typeof rollKeyBodySchema }> {
  return async ({ params, body, auth, res }) => {
    requireSession(auth); // sessions only, whatever the route table says
    const key = await requireOwnKey(deps.db, auth, params.key_id);
    let rolled: Awaited<ReturnType<typeof rollApiKey>>;
    try {
      rolled = await rollApiKey(deps.db, key.id, { overlapHours: body.overlap_hours });
    } catch (err) {
      if (!(err instanceof RollApiKeyError)) throw err;
      throw new AppError(
        "CONFLICT",
        `This key cannot be rolled: ${err.message.replace(/^key \S+ /, "it ")}.`,
      );
    }
    // the old key's cached entry must not outlive its new expiry
    await publishKeyChange(deps, key.id);
    const previous = (await findUserApiKey(deps.db, auth.userId, key.id)) ?? key;
    res.setHeader("Cache-Control", "no-store");
    res.status(201).json({
      ...keyResource(rolled.record, auth.plan),
      key: rolled.key,
      previous: keyResource(previous, auth.plan),
    });
  };
}
