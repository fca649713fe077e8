import { AppError } from "@ctxlog/core";
import { listLegalHolds, placeLegalHold, releaseLegalHold } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { nextCursor, readCursor } from "../list-cursors";
import type { RouteHandler } from "../route-spec";
import { actorOf, holdResource } from "./hold-resource";
import type { holdParamsSchema, listHoldsQuerySchema, placeHoldBodySchema } from "./hold-schemas";
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

/** POST /v1/agents/:agent_id/holds — places a hold: erasures of the agent's data are refused until released. */
export function placeHold({ db }: ApiDeps): RouteHandler<{
  params: typeof agentParamsSchema;
  body: typeof placeHoldBodySchema;
}> {
  return async ({ params, body, auth, res }) => {
    const hold = await placeLegalHold(db, {
      userId: auth.userId,
      agentId: params.agent_id,
      reason: body.reason,
      by: actorOf(auth),
    });
    if (!hold) throw new AppError("NOT_FOUND", `No log for agent ${params.agent_id}.`);
    res.status(201).json(holdResource(hold));
  };
}

/** POST /v1/agents/:agent_id/holds/:hold_id/release — releases a hold (again: the same record). */
export function releaseHold({ db }: ApiDeps): RouteHandler<{ params: typeof holdParamsSchema }> {
  return async ({ params, auth, res }) => {
    const hold = await releaseLegalHold(db, {
      userId: auth.userId,
      agentId: params.agent_id,
      holdId: params.hold_id,
      by: actorOf(auth),
    });
    if (!hold) throw new AppError("NOT_FOUND", `No hold ${params.hold_id} of agent ${params.agent_id}.`);
    res.json(holdResource(hold));
  };
}
