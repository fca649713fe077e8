import { AppError, decodeCursor, encodeCursor } from "@ctxlog/core";
import { listContexts as findContexts } from "@ctxlog/db";
import type { RequestHandler } from "express";
import type { ApiDeps } from "../../deps";
import { requireAuth } from "../../http/request-context";
import { validate } from "../../http/validate";
import { contextResource } from "./context-resource";
import { contextReader } from "./get-context";
import { listContextsQuerySchema } from "./schemas";

/** GET /v1/contexts — newest first, filtered by agent_id and status, cursor-paginated. */
export function listContexts({ db }: ApiDeps): RequestHandler {
  return async (req, res) => {
    const auth = requireAuth(req);
    const query = validate(listContextsQuerySchema, req.query, "query");
    let after: string | undefined;
    if (query.cursor !== undefined) {
      after = decodeCursor(query.cursor) ?? undefined;
      if (after === undefined) throw new AppError("VALIDATION_ERROR", "cursor is not one this API issued.");
    }
    const page = await findContexts(db, contextReader(auth), {
      agentId: query.agent_id,
      status: query.status,
      limit: query.limit,
      after,
    });
    res.json({
      data: page.rows.map(contextResource),
      next_cursor: page.nextAfter ? encodeCursor(page.nextAfter) : null,
    });
  };
}
