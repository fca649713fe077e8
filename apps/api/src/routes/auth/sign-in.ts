import { AppError, hashOpaqueToken } from "@ctxlog/core";
import {
  enterAccount,
  findPersonByEmail,
  listMemberships,
  type Membership,
  normalizeEmail,
} from "@ctxlog/db";
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
 * session fixed before sign-in is never the one signed in), in the dashboard of `user_id` when the
 * person is a member there (or has an open invitation there, which signing in joins), else the one
 * they used last. An unknown email, a wrong password and a person with no dashboard left to enter
 * (every account disabled or removed) get the same answer after the same work (a hash is verified
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
    let person: Awaited<ReturnType<typeof findPersonByEmail>>;
    let chosen: Membership | undefined;
    try {
      person = await findPersonByEmail(db, body.email);
      const ok = await verifyPassword(person?.passwordHash, body.password);
      const memberships = person && ok ? await listMemberships(db, person) : [];
      chosen = memberships.find((m) => m.account.userId === body.user_id) ?? memberships[0];
    } catch (err) {
      await Promise.all([byAddress.giveBack(), byAccount.giveBack()]); // an outage is no failed guess
      throw err;
    }
    if (!person || !chosen) {
      await byAddress.failed(res);
      await byAccount.failed(res);
      throw invalidCredentials();
    }
    await Promise.all([byAddress.giveBack(), byAccount.giveBack({ forget: true })]);
    const entered = await enterAccount(db, {
      person,
      accountId: chosen.account.id,
      timeouts: sessionTimeouts(env),
    });
    if (!entered) throw invalidCredentials(); // disabled or revoked a moment ago
    await sendNewSession(db, req, res, env, { ...entered, person });
  };
}
