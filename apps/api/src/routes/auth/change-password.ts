import { changeAccountPassword } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { requireSession } from "../../http/request-context";
import { checkNewPassword } from "../../sessions/password-policy";
import { hashPassword, verifyPassword } from "../../sessions/passwords";
import type { RouteHandler } from "../route-spec";
import type { changePasswordBodySchema } from "./schemas";
import { sendNewSession, sessionTimeouts } from "./session-response";
import { accountLimitKey, invalidCredentials } from "./sign-in";

/**
 * POST /v1/auth/password — the current password (so a borrowed session cannot lock its owner out)
 * and a new one: every session of the account ends and a new one is issued (cookie rotated). A
 * wrong current password counts against the account's sign-in limit and is 401
 * INVALID_CREDENTIALS; the session itself stays valid.
 */
export function changePassword({
  db,
  env,
  signInLimits,
}: ApiDeps): RouteHandler<{ body: typeof changePasswordBodySchema }> {
  return async ({ body, auth, req, res }) => {
    const { session } = requireSession(auth);
    const account = await db.account.findUniqueOrThrow({ where: { id: session.accountId } });
    const accountKey = accountLimitKey(account.email);
    await signInLimits.byAccount.check(accountKey, res);
    if (!(await verifyPassword(account.passwordHash, body.current_password))) {
      await signInLimits.byAccount.recordFailure(accountKey, res);
      throw invalidCredentials();
    }
    checkNewPassword("new_password", body.new_password, account.email);
    const changed = await changeAccountPassword(db, {
      accountId: account.id,
      passwordHash: await hashPassword(body.new_password),
      timeouts: sessionTimeouts(env),
    });
    sendNewSession(req, res, env, changed.account, changed.session);
  };
}
