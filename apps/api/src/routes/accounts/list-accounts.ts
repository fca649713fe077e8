import { listAccounts as findAccounts } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { requireSession } from "../../http/request-context";
import { nextCursor, readCursor } from "../list-cursors";
import type { RouteHandler } from "../route-spec";
import { accountListItem } from "./account-resource";
import type { listAccountsQuerySchema } from "./schemas";

/** GET /v1/accounts — the people of this user, newest first. */
export function listAccounts({ db }: ApiDeps): RouteHandler<{ query: typeof listAccountsQuerySchema }> {
  return async ({ query, auth, res }) => {
    requireSession(auth); // sessions only, whatever the route table says
    const page = await findAccounts(db, auth.userId, {
      limit: query.limit,
      after: readCursor(query.cursor, "accounts"),
    });
    res.json({
      data: page.rows.map(accountListItem),
      next_cursor: nextCursor("accounts", page.nextAfter),
    });
  };
}
