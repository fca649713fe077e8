import { z } from "zod";
import type { NoSchemas, RouteHandler } from "./route-spec";

export const authStatusSchema = z
  .object({
    status: z.literal("authenticated"),
    user_id: z.string(),
    plan: z.string(),
    key: z.object({ key_id: z.string(), type: z.enum(["full", "read_only", "public", "restricted"]) }),
    rate_limit: z
      .object({
        limit: z
          .int()
          .meta({ description: "Units per window: a request is one unit, a batch one per context." }),
        requests_remaining: z.int().meta({ description: "Units left in this window (this call included)." }),
        reset_time: z.iso.datetime(),
      })
      .meta({ description: "Counted in units, as the RateLimit-* headers are." }),
  })
  .meta({ id: "AuthenticationStatus" });

/** GET /v1/status — who this key is and how much of its rate limit is left (this call included). */
export function getStatus(): RouteHandler<NoSchemas> {
  return ({ auth, req, res }) => {
    const limit = req.rateLimit;
    res.json({
      status: "authenticated",
      user_id: auth.userId,
      plan: auth.plan,
      key: { key_id: auth.keyId, type: auth.type },
      rate_limit: {
        limit: limit?.limit ?? 0,
        requests_remaining: limit?.remaining ?? 0,
        reset_time: (limit?.resetAt ?? new Date()).toISOString(),
      },
    } satisfies z.infer<typeof authStatusSchema>);
  };
}
