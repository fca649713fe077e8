import { AppError } from "@ctxlog/core";
import { listContexts as findContexts } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { nextCursor, readCursor } from "../list-cursors";
import type { RouteHandler } from "../route-spec";
import { contextResource } from "./context-resource";
import type { listContextsQuerySchema } from "./schemas";

/**
 * GET /v1/contexts — newest first, filtered by agent_id, status, trace_id, the time received and
 * (with agent_id) the log's sequence, cursor-paginated.
 */
export function listContexts({ db, confirmationEstimate }: ApiDeps): RouteHandler<{
  query: typeof listContextsQuerySchema;
  scope: "contexts";
}> {
  return async ({ query, scope, res }) => {
    // sequences number one agent's log: across agents "up to sequence 120" names no one place
    if (query.to_sequence !== undefined && query.agent_id === undefined) {
      throw new AppError("VALIDATION_ERROR", "to_sequence needs agent_id: sequences number one agent's log.");
    }
    const page = await findContexts(db, scope, {
      agentId: query.agent_id,
      status: query.status,
      traceId: query.trace_id,
      createdAfter: query.created_after === undefined ? undefined : new Date(query.created_after),
      createdBefore: query.created_before === undefined ? undefined : new Date(query.created_before),
      toSequence: query.to_sequence,
      limit: query.limit,
      after: readCursor(query.cursor, "contexts"),
    });
    res.json({
      data: page.rows.map((row) => contextResource(row, confirmationEstimate)),
      next_cursor: nextCursor("contexts", page.nextAfter),
    });
  };
}
