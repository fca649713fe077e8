import { defineRoute } from "../route-spec";
import { eraseContextData } from "./erase-context-data";
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
  success: {
    status: 200,
    description:
      "The erased context: `context_data` and `metadata` null, `data_erased_at` set. Its data is " +
      "gone from every copy the service kept (canonical JSON, stored event payloads, Idempotency-Key " +
      "answers); a `context.erased` event goes to webhooks. Erasing again answers the same record.",
    schema: contextSchema,
  },
  errors: [403, 404],
  handler: eraseContextData,
});
