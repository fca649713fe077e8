import { AppError } from "@ctxlog/core";
import { changePersonPassword, findPersonOfAccount, readAccount } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { requireSession } from "../../http/request-context";
import { checkNewPassword } from "../../sessions/password-policy";
import { hashPassword, verifyPassword } from "../../sessions/passwords";
import type { RouteHandler } from "../route-spec";
import type { changePasswordBodySchema } from "./schemas";
import { sendNewSession, sessionTimeouts } from "./session-response";
import { accountLimitKey } from "./sign-in";

/**
 * POST /v1/auth/password — the current password (so a borrowed session cannot lock its owner out)
 * and a new one: the person's password changes (for every user's dashboard they are a member of),
 * every session of theirs ends and a new one is issued here (cookie rotated). A wrong current
 * password counts against the account's sign-in limit and is 401 INVALID_CREDENTIALS; the session
 * itself stays valid.
 */
export function changePassword({
  db,
  env,
  signInLimits,
}: ApiDeps): RouteHandler<{ body: typeof changePasswordBodySchema }> {
  return async ({ body, auth, req, res }) => {
    const { session } = requireSession(auth);
    const account = await readAccount(db, session.accountId);
    const person = await findPersonOfAccount(db, account.id);
    const accountKey = accountLimitKey(account.email);
    await signInLimits.byAccount.check(accountKey, res);
    if (!person || !(await verifyPassword(person.passwordHash, body.current_password))) {
      await signInLimits.byAccount.recordFailure(accountKey, res);
      throw new AppError("INVALID_CREDENTIALS", "The current password is wrong.");
    }
    checkNewPassword("new_password", body.new_password, account.email);
    const changed = await changePersonPassword(db, {
      personId: person.id,
      accountId: account.id,
      passwordHash: await hashPassword(body.new_password),
      timeouts: sessionTimeouts(env),
    });
    await sendNewSession(db, req, res, env, { ...changed, person });
  };
}
