import type { Account, StartedSession } from "@ctxlog/db";
import type { Request, Response } from "express";
import type { ApiEnv } from "../../env";
import { setSessionCookie } from "../../sessions/session-cookie";
import type { AccountResource } from "./schemas";

export function accountResource(
  a: Pick<Account, "id" | "email" | "userId" | "createdAt" | "lastSignInAt">,
): AccountResource {
  return {
    account_id: a.id,
    email: a.email,
    user_id: a.userId,
    created_at: a.createdAt.toISOString(),
    last_sign_in_at: a.lastSignInAt?.toISOString() ?? null,
  };
}

export const sessionTimeouts = (env: ApiEnv) => ({
  idleMs: env.SESSION_IDLE_TIMEOUT_HOURS * 3_600_000,
  absoluteMs: env.SESSION_ABSOLUTE_TIMEOUT_HOURS * 3_600_000,
});

/** A new session's answer: the cookie (never in the body) and the CSRF token (in the body). */
export function sendNewSession(
  req: Request,
  res: Response,
  env: ApiEnv,
  account: Account,
  session: StartedSession,
): void {
  setSessionCookie(req, res, session, env.SESSION_COOKIE_SECURE);
  const idleEnd = session.lastSeenAt.getTime() + sessionTimeouts(env).idleMs;
  res.setHeader("Cache-Control", "no-store");
  res.json({
    account: accountResource(account),
    csrf_token: session.csrfToken,
    expires_at: new Date(Math.min(idleEnd, session.absoluteExpiresAt.getTime())).toISOString(),
  });
}
