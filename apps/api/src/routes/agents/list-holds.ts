import { listLegalHolds } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { nextCursor, readCursor } from "../list-cursors";
import type { RouteHandler } from "../route-spec";
import { holdResource } from "./hold-resource";
import type { listHoldsQuerySchema } from "./hold-schemas";
import { findLog } from "./read-agents";
import type { agentParamsSchema } from "./schemas";

/** GET /v1/agents/:agent_id/holds — the agent's holds, newest first, active and released. */
export function listHolds(deps: ApiDeps): RouteHandler<{
  params: typeof agentParamsSchema;
  query: typeof listHoldsQuerySchema;
  scope: "contexts";
}> {
  return async ({ params, query, scope, auth, res }) => {
    // an agent the key may not read (another user's, another key family's) is a 404, as for its log
    await findLog(deps, scope, params.agent_id);
    const page = await listLegalHolds(deps.db, {
      userId: auth.userId,
      agentId: params.agent_id,
      limit: query.limit,
      after: readCursor(query.cursor, "holds"),
    });
    res.json({ data: page.rows.map(holdResource), next_cursor: nextCursor("holds", page.nextAfter) });
  };
}
