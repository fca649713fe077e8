import { AppError } from "@ctxlog/core";
import { removeAccount } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { requireSession } from "../../http/request-context";
import { type AccountIdHandler, isAccountId } from "./account-guards";

/** DELETE /v1/accounts/invitations/:account_id — the invitation's link stops working now. */
export function revokeInvitationRoute({ db }: ApiDeps): AccountIdHandler {
  return async ({ params, auth, res }) => {
    requireSession(auth);
    const id = params.account_id;
    const removed = isAccountId(id)
      ? await removeAccount(db, { userId: auth.userId, accountId: id, onlyInvited: true })
      : null;
    if (!removed) throw new AppError("NOT_FOUND", `No open invitation ${id}.`);
    res.json({ account_id: removed.id, deleted: true });
  };
}
