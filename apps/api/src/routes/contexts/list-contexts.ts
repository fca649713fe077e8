import { listContexts as findContexts } from "@ctxlog/db";
import type { RequestHandler } from "express";
import type { ApiDeps } from "../../deps";
import { requireAuth } from "../../http/request-context";
import { validate } from "../../http/validate";
import { nextCursor, readCursor } from "../list-cursors";
import { contextResource } from "./context-resource";
import { contextReader } from "./get-context";
import { listContextsQuerySchema } from "./schemas";

/** GET /v1/contexts — newest first, filtered by agent_id and status, cursor-paginated. */
export function listContexts({ db }: ApiDeps): RequestHandler {
  return async (req, res) => {
    const auth = requireAuth(req);
    const query = validate(listContextsQuerySchema, req.query, "query");
    const page = await findContexts(db, contextReader(auth), {
      agentId: query.agent_id,
      status: query.status,
      limit: query.limit,
      after: readCursor(query.cursor, "contexts"),
    });
    res.json({
      data: page.rows.map(contextResource),
      next_cursor: nextCursor("contexts", page.nextAfter),
    });
  };
}
