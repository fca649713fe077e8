import { AppError } from "@ctxlog/core";
import { placeLegalHold } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { RouteHandler } from "../route-spec";
import { actorOf, holdResource } from "./hold-resource";
import type { placeHoldBodySchema } from "./hold-schemas";
import type { agentParamsSchema } from "./schemas";

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
