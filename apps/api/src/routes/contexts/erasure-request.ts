import { AppError } from "@ctxlog/core";
import type { ErasureRefusal, MinRetention } from "@ctxlog/db";
import { z } from "zod";

const DAY_MS = 86_400_000;

/**
 * The optional body of an erasure (DELETE /v1/contexts/{id}/data, DELETE /v1/agents/{agent_id}/data):
 * why, kept with the erasure (the context's `data_erasure_reason`, context.erased, an evidence
 * pack's erasures.ndjson), and whether to erase data younger than CONTEXT_DATA_MIN_RETENTION_DAYS.
 */
export const eraseRequestSchema = z
  .strictObject({
    reason: z.string().min(1).max(500).optional().meta({
      description: "Why the data is erased (at most 500 characters), recorded with the erasure.",
      example: "the data subject's request (GDPR Art. 17)",
    }),
    override_retention: z
      .boolean()
      .optional()
      .meta({
        description:
          "true: erase data younger than the service's minimum retention (CONTEXT_DATA_MIN_RETENTION_DAYS) " +
          "too; needs a `reason`, and is recorded with the erasure.",
      }),
  })
  .refine((b) => !b.override_retention || b.reason !== undefined, {
    message: "override_retention needs a reason",
    path: ["reason"],
  })
  .meta({ id: "EraseRequest" });

export type EraseRequest = z.output<typeof eraseRequestSchema>;

/** The minimum retention a request meets, from the API's CONTEXT_DATA_MIN_RETENTION_DAYS. */
export function minRetentionOf(days: number, body: EraseRequest, now = new Date()): MinRetention {
  return {
    days,
    cutoff: new Date(now.getTime() - days * DAY_MS),
    override: body.override_retention === true,
  };
}

/** The 409 of a refused erasure, saying what refuses it and what would let it through. */
export function erasureConflict(refusal: ErasureRefusal): AppError {
  const { agentId } = refusal;
  if (refusal.kind === "legal_hold") {
    const { hold } = refusal;
    return new AppError(
      "CONFLICT",
      `Agent ${agentId} is under legal hold ${hold.id} (placed ${hold.placedAt.toISOString()} by ` +
        `${hold.placedBy}: ${JSON.stringify(hold.reason)}): its contexts' data cannot be erased until ` +
        `the hold is released (POST /v1/agents/${agentId}/holds/${hold.id}/release).`,
    );
  }
  return new AppError(
    "CONFLICT",
    `Context data must be at least ${refusal.days} days old to be erased (the minimum retention); ` +
      `data of agent ${agentId} received at ${refusal.receivedAt.toISOString()} is younger. To erase ` +
      `it anyway, send {"override_retention": true, "reason": "…"}.`,
  );
}
