import { disableAccount, enableAccount } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { requireSession } from "../../http/request-context";
import { type AccountIdHandler, isAccountId, lastAccountConflict, noAccount } from "./account-guards";
import { accountListItem } from "./account-resource";

/**
 * POST /v1/accounts/:account_id/disable — the person can no longer sign in; their sessions and
 * sign-in links end now. Oneself too, as long as another account can still sign in.
 */
export function disableAccountRoute({ db }: ApiDeps): AccountIdHandler {
  return async ({ params, auth, res }) => {
    requireSession(auth);
    const id = params.account_id;
    const account = isAccountId(id)
      ? await disableAccount(db, { userId: auth.userId, accountId: id }).catch(lastAccountConflict)
      : null;
    if (!account) throw noAccount(id);
    res.json(accountListItem({ ...account, joined: account.personId !== null }));
  };
}

/** POST /v1/accounts/:account_id/enable — a disabled account signs in again with its password. */
export function enableAccountRoute({ db }: ApiDeps): AccountIdHandler {
  return async ({ params, auth, res }) => {
    requireSession(auth);
    const id = params.account_id;
    const account = isAccountId(id) ? await enableAccount(db, { userId: auth.userId, accountId: id }) : null;
    if (!account) throw noAccount(id);
    res.json(accountListItem({ ...account, joined: account.personId !== null }));
  };
}
