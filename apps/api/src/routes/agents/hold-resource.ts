import type { LegalHold } from "@ctxlog/db";
import type { z } from "zod";
import type { AuthContext } from "../../http/request-context";
import type { legalHoldSchema } from "./hold-schemas";

/** The public shape of a legal hold. */
export function holdResource(hold: LegalHold): z.output<typeof legalHoldSchema> {
  return {
    hold_id: hold.id,
    agent_id: hold.agentId,
    reason: hold.reason,
    placed_at: hold.placedAt.toISOString(),
    placed_by: hold.placedBy,
    released_at: hold.releasedAt?.toISOString() ?? null,
    released_by: hold.releasedBy,
  };
}

/** Who places or releases a hold, as an erasure names its eraser: `key:<id>` or `account:<id>`. */
export function actorOf(auth: AuthContext): string {
  return auth.session ? `account:${auth.session.accountId}` : `key:${auth.keyId}`;
}
