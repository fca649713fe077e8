import { listContexts as findContexts } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { nextCursor, readCursor } from "../list-cursors";
import type { RouteHandler } from "../route-spec";
import { contextResource } from "./context-resource";
import type { listContextsQuerySchema } from "./schemas";

/** GET /v1/contexts — newest first, filtered by agent_id, status and trace_id, cursor-paginated. */
export function listContexts({ db }: ApiDeps): RouteHandler<{
  query: typeof listContextsQuerySchema;
  scope: "contexts";
}> {
  return async ({ query, scope, res }) => {
    const page = await findContexts(db, scope, {
      agentId: query.agent_id,
      status: query.status,
      traceId: query.trace_id,
      createdAfter: query.created_after === undefined ? undefined : new Date(query.created_after),
      createdBefore: query.created_before === undefined ? undefined : new Date(query.created_before),
      limit: query.limit,
      after: readCursor(query.cursor, "contexts"),
    });
    res.json({
      data: page.rows.map(contextResource),
      next_cursor: nextCursor("contexts", page.nextAfter),
    });
  };
}
