import { z } from "zod";
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
  success: {
    status: 200,
    description:
      `Progress: up to ${ERASE_BATCH * ERASE_BATCHES_PER_CALL} contexts are erased per call, ` +
      `${ERASE_BATCH} per transaction, each as DELETE /v1/contexts/{id}/data does (one ` +
      "`context.erased` event each). While `done` is false, call again.",
    schema: eraseAgentDataResultSchema,
  },
  errors: [403, 404],
  handler: eraseAgentData,
});
