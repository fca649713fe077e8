import { findPersonOfAccount, revokeAccountSessions, revokePersonSessions, revokeSession } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import { requireSession } from "../../http/request-context";
import { clearSessionCookie } from "../../sessions/session-cookie";
import type { NoSchemas, RouteHandler } from "../route-spec";

/** POST /v1/auth/sign-out — ends this session and clears its cookie. */
export function signOut({ db, env }: ApiDeps): RouteHandler<NoSchemas> {
  return async ({ auth, req, res }) => {
    const { session } = requireSession(auth);
    await revokeSession(db, session.id);
    clearSessionCookie(req, res, env.SESSION_COOKIE_SECURE);
    res.status(204).end();
  };
}

/**
 * POST /v1/auth/sign-out-everywhere — ends every session of this person, in every user's dashboard
 * they are a member of (this one included).
 */
export function signOutEverywhere({ db, env }: ApiDeps): RouteHandler<NoSchemas> {
  return async ({ auth, req, res }) => {
    const { session } = requireSession(auth);
    const person = await findPersonOfAccount(db, session.accountId);
    if (person) await revokePersonSessions(db, person.id);
    else await revokeAccountSessions(db, session.accountId);
    clearSessionCookie(req, res, env.SESSION_COOKIE_SECURE);
    res.status(204).end();
  };
}
