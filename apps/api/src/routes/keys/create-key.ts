import { AppError } from "@ctxlog/core";
import { createApiKey, InvalidKeyRequestError } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { requireSession } from "../../http/request-context";
import type { RouteHandler } from "../route-spec";
import { keyResource } from "./key-resource";
import type { createKeyBodySchema } from "./schemas";

/** POST /v1/keys — a new key of this user; the only response that ever shows it. */
export function createKey({ db }: ApiDeps): RouteHandler<{ body: typeof createKeyBodySchema }> {
  return async ({ body, auth, res }) => {
    requireSession(auth); // sessions only, whatever the route table says
    let created: Awaited<ReturnType<typeof createApiKey>>;
    try {
      created = await createApiKey(db, {
        userId: auth.userId,
        type: body.type,
        name: body.name ?? null,
        agentPatterns: body.agent_patterns ?? [],
        expiresAt: body.expires_in_days ? new Date(Date.now() + body.expires_in_days * 86_400_000) : null,
      });
    } catch (err) {
      if (!(err instanceof InvalidKeyRequestError)) throw err;
      throw new AppError("VALIDATION_ERROR", `Invalid request body — agent_patterns: ${err.message}`, {
        details: [{ path: "agent_patterns", message: err.message }],
      });
    }
    res.setHeader("Cache-Control", "no-store");
    res.status(201).json({ ...keyResource(created.record, auth.plan), key: created.key });
  };
}
