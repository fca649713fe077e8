import { listAccounts as findAccounts } from "@ctxlog/db";
import type { RequestHandler } from "express";
import type { ApiDeps } from "../../deps";
import { requireAuth } from "../../http/request-context";
import { validate } from "../../http/validate";
import { nextCursor, readCursor } from "../list-cursors";
import { listAccountsQuerySchema } from "./schemas";

/** GET /v1/accounts — the people of this user, newest first. */
export function listAccounts({ db }: ApiDeps): RequestHandler {
  return async (req, res) => {
    const auth = requireAuth(req);
    const query = validate(listAccountsQuerySchema, req.query, "query");
    const page = await findAccounts(db, auth.userId, {
      limit: query.limit,
      after: readCursor(query.cursor, "accounts"),
    });
    res.json({
      data: page.rows.map((a) => ({
        account_id: a.id,
        email: a.email,
        created_at: a.createdAt.toISOString(),
        last_sign_in_at: a.lastSignInAt?.toISOString() ?? null,
        status: a.hasPassword ? "active" : "invited",
      })),
      next_cursor: nextCursor("accounts", page.nextAfter),
    });
  };
}
