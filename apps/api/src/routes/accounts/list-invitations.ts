import { listInvitations as findInvitations } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { requireSession } from "../../http/request-context";
import { nextCursor, readCursor } from "../list-cursors";
import type { RouteHandler } from "../route-spec";
import type { listInvitationsQuerySchema } from "./schemas";

/** GET /v1/accounts/invitations — the people invited who have not set a password yet. */
export function listInvitations({ db }: ApiDeps): RouteHandler<{ query: typeof listInvitationsQuerySchema }> {
  return async ({ query, auth, res }) => {
    requireSession(auth); // sessions only, whatever the route table says
    const page = await findInvitations(db, auth.userId, {
      limit: query.limit,
      after: readCursor(query.cursor, "accounts"),
    });
    const now = Date.now();
    res.json({
      data: page.rows.map((i) => ({
        account_id: i.accountId,
        email: i.email,
        invited_by: i.invitedById,
        created_at: i.createdAt.toISOString(),
        expires_at: i.expiresAt?.toISOString() ?? null,
        status: i.expiresAt && i.expiresAt.getTime() > now ? "pending" : "expired",
      })),
      next_cursor: nextCursor("accounts", page.nextAfter),
    });
  };
}
