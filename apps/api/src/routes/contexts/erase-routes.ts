import { defineRoute } from "../route-spec";
import { eraseContextData } from "./erase-context-data";
import { eraseRequestSchema } from "./erasure-request";
import { contextIdParamsSchema, contextSchema } from "./schemas";

export const eraseContextRoute = defineRoute({
  method: "delete",
  path: "/contexts/:id/data",
  operationId: "eraseContextData",
  summary: "Erase a context's data and metadata; keep its hashes, signature and proof",
  tag: "Contexts",
  permission: "contexts:erase",
  scope: "contexts",
  params: contextIdParamsSchema,
  body: eraseRequestSchema,
  bodyRequired: false,
  success: {
    status: 200,
    description:
      "The erased context: `context_data` and `metadata` null, `data_erased_at` set. Its data is " +
      "gone from every copy the service kept (canonical JSON, stored event payloads, Idempotency-Key " +
      "answers); a `context.erased` event goes to webhooks. Erasing again answers the same record. " +
      "409 while the agent is under a legal hold, or for data younger than the minimum retention " +
      "without `override_retention`.",
    schema: contextSchema,
  },
  errors: [400, 403, 404, 409, 413, 415],
  handler: eraseContextData,
});
