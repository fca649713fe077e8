import { AppError, hashOpaqueToken, isOpaqueToken, timingSafeEqualText } from "@ctxlog/core";
import { findActiveSession, type PrismaClient, touchSession } from "@ctxlog/db";
import type { Request, Response } from "express";
import { clientAddressBucket, type FailedAuthLimiter } from "../http/auth-failure-limit";
import type { AuthContext } from "../http/request-context";
import { sharedLookup } from "../http/shared-lookup";
import { clearSessionCookie } from "./session-cookie";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// last_seen_at moves forward at most this often: one UPDATE a minute for a busy dashboard
const TOUCH_EVERY_MS = 60_000;

export interface SessionAuthDeps {
  db: PrismaClient;
  authFailures: FailedAuthLimiter;
  env: { SESSION_IDLE_TIMEOUT_HOURS: number; SESSION_COOKIE_SECURE: boolean };
}

export const sessionIdleMs = (env: { SESSION_IDLE_TIMEOUT_HOURS: number }) =>
  env.SESSION_IDLE_TIMEOUT_HOURS * 3_600_000;

export function invalidSession(): AppError {
  return new AppError("INVALID_SESSION", "No valid dashboard session: sign in again.");
}

/**
 * The session lookup, counted against the client's address before it is made and given back when
 * it finds a session: the rule keys follow (authenticate.ts). An address others exhausted (NAT, a
 * shared egress) still gets one lookup per probation period, so a valid session is served after a
 * short, bounded wait and never locked out by strangers' failures (FailedAuthLimiter).
 */
async function countedLookup(
  { db, authFailures }: SessionAuthDeps,
  tokenHash: string,
  req: Request,
  res: Response,
  idleMs: number,
) {
  const attempt = await authFailures.begin(clientAddressBucket(req.ip), res);
  const session = await findActiveSession(db, tokenHash, { idleMs }).catch(async (err: unknown) => {
    await attempt.giveBack();
    throw err;
  });
  await (session ? attempt.giveBack() : attempt.failed(res));
  return session;
}

/**
 * Authenticates the session cookie: the session acts as its account's full key (the key created
 * with the account, so contexts, idempotency records and verifications made in the dashboard have
 * a real key and key family: the account's, shared by all of its sessions). An unknown, expired or
 * revoked session counts as a failed authentication of the client's address, like an unknown key
 * (a malformed one, like a malformed key, is refused before any lookup and not counted), and its
 * cookie is cleared. A state-changing request must repeat the session's CSRF token in
 * X-CSRF-Token: a cookie alone (which the browser attaches by itself) never changes anything.
 */
export function sessionAuthenticator(deps: SessionAuthDeps) {
  const { db, env } = deps;
  const idleMs = sessionIdleMs(env);
  const lookup = sharedLookup((tokenHash: string, req: Request, res: Response) =>
    countedLookup(deps, tokenHash, req, res, idleMs),
  );
  return async (req: Request, res: Response, token: string): Promise<AuthContext> => {
    const session = isOpaqueToken(token) ? await lookup(hashOpaqueToken(token), req, res) : null;
    if (!session) {
      clearSessionCookie(req, res, env.SESSION_COOKIE_SECURE);
      throw invalidSession();
    }
    if (!SAFE_METHODS.has(req.method)) {
      const sent = req.headers["x-csrf-token"];
      if (typeof sent !== "string" || !timingSafeEqualText(sent, session.csrfToken)) {
        throw new AppError("CSRF_TOKEN_INVALID", "Missing or wrong X-CSRF-Token for this session.");
      }
    }
    let lastSeenAt = session.lastSeenAt;
    if (Date.now() - lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      lastSeenAt = (await touchSession(db, session.id, { everyMs: TOUCH_EVERY_MS })) ?? lastSeenAt;
    }
    const { account } = session;
    return {
      keyId: account.apiKey.id,
      keyFamilyId: account.apiKey.familyId,
      userId: account.userId,
      type: "full",
      plan: account.user.plan,
      agentPatterns: [],
      session: {
        id: session.id,
        accountId: account.id,
        csrfToken: session.csrfToken,
        expiresAt: new Date(Math.min(lastSeenAt.getTime() + idleMs, session.absoluteExpiresAt.getTime())),
      },
    };
  };
}
