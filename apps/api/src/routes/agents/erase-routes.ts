import { z } from "zod";
import { eraseRequestSchema } from "../contexts/erasure-request";
import { defineRoute } from "../route-spec";
import { ERASE_BATCH, ERASE_BATCHES_PER_CALL, eraseAgentData } from "./erase-agent-data";
import { agentParamsSchema } from "./schemas";

const eraseAgentDataResultSchema = z
  .object({
    agent_id: z.string(),
    erased: z.int().min(0).meta({ description: "Contexts whose data this call erased." }),
    remaining: z.int().min(0).meta({ description: "Contexts of the agent whose data is still kept." }),
    done: z.boolean().meta({ description: "True when `remaining` is 0; otherwise call again." }),
  })
  .meta({ id: "EraseAgentDataResult" });

export const eraseAgentRoute = defineRoute({
  method: "delete",
  path: "/agents/:agent_id/data",
  operationId: "eraseAgentData",
  summary: "Erase the data of every context of an agent, in batches; keep the log and its proofs",
  tag: "Agents",
  permission: "contexts:erase",
  params: agentParamsSchema,
  body: eraseRequestSchema,
  bodyRequired: false,
  success: {
    status: 200,
    description:
      `Progress: up to ${ERASE_BATCH * ERASE_BATCHES_PER_CALL} contexts are erased per call, ` +
      `${ERASE_BATCH} per transaction, each as DELETE /v1/contexts/{id}/data does (one ` +
      "`context.erased` event each), each keeping the request's `reason`. While `done` is false, call " +
      "again. 409 (nothing erased) while the agent is under a legal hold, or while it keeps data younger " +
      "than the minimum retention and the request does not say `override_retention`.",
    schema: eraseAgentDataResultSchema,
  },
  errors: [400, 403, 404, 409, 413, 415],
  handler: eraseAgentData,
});
