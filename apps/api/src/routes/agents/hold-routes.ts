import { defineRoute, type RouteSpec } from "../route-spec";
import { listResponseSchema } from "../shared-schemas";
import { holdParamsSchema, legalHoldSchema, listHoldsQuerySchema, placeHoldBodySchema } from "./hold-schemas";
import { listHolds } from "./list-holds";
import { placeHold } from "./place-hold";
import { releaseHold } from "./release-hold";
import { agentParamsSchema } from "./schemas";

/** Legal holds on an agent (docs/erasure.md, Legal holds): listed, placed, released; never deleted. */
export const holdRoutes: RouteSpec[] = [
  defineRoute({
    method: "get",
    path: "/agents/:agent_id/holds",
    operationId: "listLegalHolds",
    summary: "An agent's legal holds, newest first, active and released",
    tag: "Agents",
    permission: "contexts:read",
    scope: "contexts",
    params: agentParamsSchema,
    query: listHoldsQuerySchema,
    success: {
      status: 200,
      description: "A page of the agent's holds. 404 for an agent without an entry the key may read.",
      schema: listResponseSchema(legalHoldSchema, "LegalHoldList"),
    },
    errors: [400, 403, 404],
    handler: listHolds,
  }),
  defineRoute({
    method: "post",
    path: "/agents/:agent_id/holds",
    operationId: "placeLegalHold",
    summary: "Place a legal hold on an agent: its contexts' data cannot be erased until it is released",
    tag: "Agents",
    permission: "contexts:erase",
    params: agentParamsSchema,
    body: placeHoldBodySchema,
    success: {
      status: 201,
      description:
        "The hold, active. From now on DELETE /v1/contexts/{id}/data and DELETE /v1/agents/{agent_id}/data " +
        "answer 409 CONFLICT for the agent's contexts, and retention leaves their data; an erasure already " +
        "running finishes first. Several holds may be active at once.",
      schema: legalHoldSchema,
    },
    errors: [403, 404],
    handler: placeHold,
  }),
  defineRoute({
    method: "post",
    path: "/agents/:agent_id/holds/:hold_id/release",
    operationId: "releaseLegalHold",
    summary: "Release a legal hold; the hold stays on record",
    tag: "Agents",
    permission: "contexts:erase",
    params: holdParamsSchema,
    success: {
      status: 200,
      description:
        "The hold, released (released_at, released_by). Releasing it again answers the same record. " +
        "Erasure is allowed again once no hold of the agent is active.",
      schema: legalHoldSchema,
    },
    errors: [403, 404],
    handler: releaseHold,
  }),
];
