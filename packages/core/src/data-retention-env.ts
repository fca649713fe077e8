import { z } from "zod";
import { optionalEnv } from "./config";
import { type PlanRetention, parsePlanRetention } from "./data-retention";

const planRetention = z.string().transform((raw, ctx) => {
  const parsed = parsePlanRetention(raw);
  if (!parsed) {
    ctx.addIssue({
      code: "custom",
      message: "expected plan=days or plan=off, comma-separated (free=30,pro=365)",
    });
    return z.NEVER;
  }
  return parsed;
});

/**
 * Context data retention as every app reads it: the webhook worker enforces it, the API states it
 * (an evidence pack's policy.json). Days after which a context's data is erased (its hashes and
 * proofs stay); unset: kept forever. Per plan: CONTEXT_DATA_RETENTION_DAYS_BY_PLAN=free=30,pro=off.
 */
export const dataRetentionEnv = {
  CONTEXT_DATA_RETENTION_DAYS: optionalEnv(z.coerce.number().positive().max(36_500)),
  CONTEXT_DATA_RETENTION_DAYS_BY_PLAN: optionalEnv(planRetention),
};

/** The retention period of `plan`'s contexts in days; null: kept forever. */
export function planRetentionDays(
  plan: string,
  env: { CONTEXT_DATA_RETENTION_DAYS?: number; CONTEXT_DATA_RETENTION_DAYS_BY_PLAN?: PlanRetention },
): number | null {
  const byPlan = env.CONTEXT_DATA_RETENTION_DAYS_BY_PLAN ?? {};
  if (Object.hasOwn(byPlan, plan)) return byPlan[plan] ?? null;
  return env.CONTEXT_DATA_RETENTION_DAYS ?? null;
}
