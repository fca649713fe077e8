import { AppError, hashOpaqueToken, isOpaqueToken } from "@ctxlog/core";
import { findSignInLink, readAccount, redeemSignInLink } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { clientAddressBucket } from "../../http/auth-failure-limit";
import { checkNewPassword } from "../../sessions/password-policy";
import { hashPassword } from "../../sessions/passwords";
import type { RouteHandler } from "../route-spec";
import { checkSameOrigin } from "./origin-check";
import type { setupBodySchema } from "./schemas";
import { sendNewSession, sessionTimeouts } from "./session-response";

const badLink = () =>
  new AppError("INVALID_CREDENTIALS", "This sign-in link is unknown, used or expired: ask for a new one.");

/**
 * POST /v1/auth/setup — a one-time link's token (mailed to the account's email) and a new password:
 * sets the password of the email's person (new, or replacing theirs: whoever holds the link reads
 * that mailbox), joins the account, ends the person's other sessions and signs in. The same answer
 * whether or not the email already had a password: nothing here tells anyone which. The password
 * must not be a common one nor contain the email's name (400 VALIDATION_ERROR saying which). The
 * link is looked at before the password is hashed (a wrong token costs no hashing) and redeemed
 * atomically after (a link works once, even raced).
 */
export function setupAccount({
  db,
  env,
  signInLimits,
}: ApiDeps): RouteHandler<{ body: typeof setupBodySchema }> {
  return async ({ body, req, res }) => {
    checkSameOrigin(req, env);
    const address = clientAddressBucket(req.ip);
    // counted before the link is looked up (atomically, so a burst gets no more lookups than the
    // limit), given back once the link is found; past the limit, on probation (one lookup a second),
    // so unknown links sent by others from this address never refuse a valid one
    const attempt = await signInLimits.byAddress.begin(address, res);
    const tokenHash = isOpaqueToken(body.token) ? hashOpaqueToken(body.token) : null;
    const link = tokenHash
      ? await findSignInLink(db, tokenHash).catch(async (err: unknown) => {
          await attempt.giveBack();
          throw err;
        })
      : null;
    if (!tokenHash || !link) {
      await attempt.failed(res);
      throw badLink();
    }
    await attempt.giveBack();
    // a disabled account: the same answer as a dead link, before any hashing
    const account = await readAccount(db, link.accountId);
    if (account.disabledAt) throw badLink();
    checkNewPassword("password", body.password, account.email);
    const passwordHash = await hashPassword(body.password);
    const redeemed = await redeemSignInLink(db, { tokenHash, passwordHash, timeouts: sessionTimeouts(env) });
    if (!redeemed) throw badLink();
    await sendNewSession(db, req, res, env, redeemed);
  };
}
