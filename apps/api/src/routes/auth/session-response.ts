import {
  type Account,
  listMemberships,
  type Person,
  type PrismaClient,
  type StartedSession,
} from "@ctxlog/db";
import type { Request, Response } from "express";
import type { z } from "zod";
import type { ApiEnv } from "../../env";
import { setSessionCookie } from "../../sessions/session-cookie";
import type { AccountResource, sessionSchema } from "./schemas";

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

/** A session as answered: the account, where the person may switch, the CSRF token, the end. */
export async function sessionBody(
  db: PrismaClient,
  input: {
    account: Account;
    person: Pick<Person, "id" | "email" | "emailVerifiedAt"> | null;
    csrfToken: string;
    expiresAt: Date;
  },
): Promise<z.infer<typeof sessionSchema>> {
  const memberships = input.person ? await listMemberships(db, input.person) : [];
  return {
    account: accountResource(input.account),
    memberships: memberships.map((m) => ({
      account_id: m.account.id,
      user_id: m.account.userId,
      status: m.status,
    })),
    csrf_token: input.csrfToken,
    expires_at: input.expiresAt.toISOString(),
  };
}

/** A new session's answer: the cookie (never in the body) and the CSRF token (in the body). */
export async function sendNewSession(
  db: PrismaClient,
  req: Request,
  res: Response,
  env: ApiEnv,
  entered: {
    account: Account;
    person: Pick<Person, "id" | "email" | "emailVerifiedAt">;
    session: StartedSession;
  },
): Promise<void> {
  const { account, person, session } = entered;
  const idleEnd = session.lastSeenAt.getTime() + sessionTimeouts(env).idleMs;
  const expiresAt = new Date(Math.min(idleEnd, session.absoluteExpiresAt.getTime()));
  const body = await sessionBody(db, { account, person, csrfToken: session.csrfToken, expiresAt });
  setSessionCookie(req, res, session, env.SESSION_COOKIE_SECURE);
  res.setHeader("Cache-Control", "no-store");
  res.json(body);
}
