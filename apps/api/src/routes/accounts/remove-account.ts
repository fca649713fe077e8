import { removeAccount } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { requireSession } from "../../http/request-context";
import { type AccountIdHandler, isAccountId, lastAccountConflict, noAccount } from "./account-guards";

/**
 * DELETE /v1/accounts/:account_id — removes the person: sessions and links end now, the email can
 * be invited again. What they did stays (made with their account's key, which is revoked).
 */
export function removeAccountRoute({ db }: ApiDeps): AccountIdHandler {
  return async ({ params, auth, res }) => {
    requireSession(auth);
    const id = params.account_id;
    const removed = isAccountId(id)
      ? await removeAccount(db, { userId: auth.userId, accountId: id }).catch(lastAccountConflict)
      : null;
    if (!removed) throw noAccount(id);
    res.json({ account_id: removed.id, deleted: true });
  };
}
