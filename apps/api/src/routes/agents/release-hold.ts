import { AppError } from "@ctxlog/core";
import { releaseLegalHold } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { RouteHandler } from "../route-spec";
import { actorOf, holdResource } from "./hold-resource";
import type { holdParamsSchema } from "./hold-schemas";

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
