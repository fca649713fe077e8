import { AppError } from "@ctxlog/core";
import { eraseAgentData as eraseData } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { eraserOf } from "../contexts/erase-context-data";
import { type eraseRequestSchema, erasureConflict, minRetentionOf } from "../contexts/erasure-request";
import type { RouteHandler } from "../route-spec";
import type { agentParamsSchema } from "./schemas";

/** Contexts erased per transaction, and per call (then the answer says how many remain). */
export const ERASE_BATCH = 500;
export const ERASE_BATCHES_PER_CALL = 20;

/**
 * DELETE /v1/agents/:agent_id/data — erases the data of the agent's contexts in batches, up to
 * ERASE_BATCH × ERASE_BATCHES_PER_CALL per call; `remaining` > 0 means: call again. An agent with
 * no context of this user is a 404. Refused with 409 (nothing erased) while the agent is under a
 * legal hold, and while it keeps data younger than CONTEXT_DATA_MIN_RETENTION_DAYS unless the body
 * says `override_retention` (with a reason).
 */
export function eraseAgentData({
  db,
  env,
}: ApiDeps): RouteHandler<{ params: typeof agentParamsSchema; body: typeof eraseRequestSchema }> {
  return async ({ params, body, auth, res }) => {
    const result = await eraseData(db, {
      userId: auth.userId,
      agentId: params.agent_id,
      by: eraserOf(auth),
      reason: body.reason,
      overrideRetention: body.override_retention,
      minRetention: minRetentionOf(env.CONTEXT_DATA_MIN_RETENTION_DAYS, body),
      batchSize: ERASE_BATCH,
      maxBatches: ERASE_BATCHES_PER_CALL,
    });
    if (!result) throw new AppError("NOT_FOUND", `No log for agent ${params.agent_id}.`);
    if ("refused" in result) throw erasureConflict(result.refused);
    res.json({
      agent_id: params.agent_id,
      erased: result.erased,
      remaining: result.remaining,
      done: result.remaining === 0,
    });
  };
}
