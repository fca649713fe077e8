import { AppError, hashOpaqueToken } from "@ctxlog/core";
import { findAccountByEmail, normalizeEmail, startSession } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { clientAddressBucket } from "../../http/auth-failure-limit";
import { verifyPassword } from "../../sessions/passwords";
import type { RouteHandler } from "../route-spec";
import { checkSameOrigin } from "./origin-check";
import type { signInBodySchema } from "./schemas";
import { sendNewSession, sessionTimeouts } from "./session-response";

export const invalidCredentials = () =>
  new AppError("INVALID_CREDENTIALS", "The email or the password is wrong.");

/** The per-account counter's key: a digest, so that no email sits in Redis. */
export const accountLimitKey = (email: string) => `account:${hashOpaqueToken(normalizeEmail(email))}`;

/**
 * POST /v1/auth/sign-in — email and password → a new session (a new token every time, so a
 * session fixed before sign-in is never the one signed in). An unknown email, an account without a
 * password yet and a wrong password get the same answer after the same work (a hash is verified
 * either way: passwords.ts). Failures count per account and per client address; past either limit
 * the answer is 429 before any password is checked.
 */
export function signIn({ db, env, signInLimits }: ApiDeps): RouteHandler<{ body: typeof signInBodySchema }> {
  return async ({ body, req, res }) => {
    checkSameOrigin(req, env);
    const address = clientAddressBucket(req.ip);
    const accountKey = accountLimitKey(body.email);
    await signInLimits.byAddress.check(address, res);
    await signInLimits.byAccount.check(accountKey, res);
    // a disabled account signs in no more, with the same answer (and work) as a wrong password
    const found = await findAccountByEmail(db, body.email);
    const account = found?.disabledAt ? null : found;
    const ok = await verifyPassword(account?.passwordHash, body.password);
    if (!account || !ok) {
      await signInLimits.byAddress.recordFailure(address, res);
      await signInLimits.byAccount.recordFailure(accountKey, res);
      throw invalidCredentials();
    }
    await signInLimits.byAccount.reset(accountKey);
    const now = new Date();
    const session = await startSession(db, account.id, sessionTimeouts(env), now);
    sendNewSession(req, res, env, { ...account, lastSignInAt: now }, session);
  };
}
