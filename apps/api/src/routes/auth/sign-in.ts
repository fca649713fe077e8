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
 * either way: passwords.ts).
 *
 * Each attempt is counted per client address and per account at that address BEFORE the password
 * is checked (atomically: a concurrent burst gets no more argon2 checks than the limits), and given
 * back when it succeeds. The account's lockout is keyed on the address too, with progressive delays
 * (auth-failure-limit.ts), so failures from one address never lock the owner out at another. The
 * address's limit has probation (wiring.ts): an address others exhausted (a NAT) still gets one check
 * a second, so a valid password is served after a short wait; only the account's own failures there
 * refuse it.
 */
export function signIn({ db, env, signInLimits }: ApiDeps): RouteHandler<{ body: typeof signInBodySchema }> {
  return async ({ body, req, res }) => {
    checkSameOrigin(req, env);
    const address = clientAddressBucket(req.ip);
    const accountKey = `${accountLimitKey(body.email)}:${address}`;
    const byAddress = await signInLimits.byAddress.begin(address, res);
    const byAccount = await signInLimits.byAccount.begin(accountKey, res).catch(async (err: unknown) => {
      await byAddress.giveBack(); // refused before any check: not an attempt of this address
      throw err;
    });
    let account: Awaited<ReturnType<typeof findAccountByEmail>>;
    let ok: boolean;
    try {
      // a disabled account signs in no more, with the same answer (and work) as a wrong password
      const found = await findAccountByEmail(db, body.email);
      account = found?.disabledAt ? null : found;
      ok = await verifyPassword(account?.passwordHash, body.password);
    } catch (err) {
      await Promise.all([byAddress.giveBack(), byAccount.giveBack()]); // an outage is no failed guess
      throw err;
    }
    if (!account || !ok) {
      await byAddress.failed(res);
      await byAccount.failed(res);
      throw invalidCredentials();
    }
    await Promise.all([byAddress.giveBack(), byAccount.giveBack({ forget: true })]);
    const now = new Date();
    const session = await startSession(db, account.id, sessionTimeouts(env), now);
    sendNewSession(req, res, env, { ...account, lastSignInAt: now }, session);
  };
}
