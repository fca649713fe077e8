/**
 * Context data retention (CONTEXT_DATA_RETENTION_DAYS, overridable per plan): which users' contexts
 * lose their data after how many days. Pure: the worker's loop turns each policy into batches.
 */

/** Days per plan; null: that plan keeps its data (no retention), whatever the global period. */
export type PlanRetention = Record<string, number | null>;

export interface RetentionPolicy {
  days: number;
  /** the users this applies to: those on `plans`, or everyone not on `exceptPlans` */
  selector: { plans: string[] } | { exceptPlans: string[] };
}

const ENTRY = /^([a-z0-9_-]{1,64})=(off|\d+(?:\.\d+)?)$/;
const MAX_DAYS = 36_500;

/**
 * `free=30,pro=365,enterprise=off` → {free: 30, pro: 365, enterprise: null}; null when malformed
 * (a plan twice, a period not positive or beyond 100 years, anything but `plan=days|off`).
 */
export function parsePlanRetention(raw: string): PlanRetention | null {
  const out: PlanRetention = {};
  const text = raw.trim();
  if (text === "") return out;
  for (const part of text.split(",")) {
    const match = ENTRY.exec(part.trim());
    if (!match) return null;
    const [, plan, value] = match as unknown as [string, string, string];
    if (Object.hasOwn(out, plan)) return null;
    const days = value === "off" ? null : Number(value);
    if (days !== null && (!(days > 0) || days > MAX_DAYS)) return null;
    out[plan] = days;
  }
  return out;
}

/**
 * The policies the loop runs: one per plan with a period of its own, and the global period for
 * every plan not named (none when the global period is unset).
 */
export function retentionPolicies(
  globalDays: number | undefined,
  byPlan: PlanRetention = {},
): RetentionPolicy[] {
  const policies: RetentionPolicy[] = [];
  for (const [plan, days] of Object.entries(byPlan)) {
    if (days !== null) policies.push({ days, selector: { plans: [plan] } });
  }
  if (globalDays !== undefined)
    policies.push({ days: globalDays, selector: { exceptPlans: Object.keys(byPlan) } });
  return policies;
}
