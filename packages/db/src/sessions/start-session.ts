import { generateOpaqueToken, hashOpaqueToken, newId } from "@ctxlog/core";
import { digestBytes } from "../hex-columns";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { type SqlRunner, sqlOf } from "../sql-transaction";
import { insertSession } from "./start-session.queries";

export interface SessionTimeouts {
  idleMs: number;
  absoluteMs: number;
}

export interface StartedSession {
  id: string;
  /** The cookie value: it exists only in this return value; only its SHA-256 is stored. */
  token: string;
  csrfToken: string;
  lastSeenAt: Date;
  absoluteExpiresAt: Date;
}

/** When a session ends if unused: idle expiry, capped by the absolute one. */
export function sessionExpiresAt(
  s: { lastSeenAt: Date; absoluteExpiresAt: Date },
  timeouts: Pick<SessionTimeouts, "idleMs">,
): Date {
  const idle = s.lastSeenAt.getTime() + timeouts.idleMs;
  return new Date(Math.min(idle, s.absoluteExpiresAt.getTime()));
}

/**
 * A new session for an account (a sign-in): a fresh token every time, and last_sign_in_at, in one
 * statement. On a client, or the runner of the caller's inSqlTransaction.
 */
export async function startSession(
  db: DbOrTx | SqlRunner,
  accountId: string,
  timeouts: SessionTimeouts,
  now = new Date(),
): Promise<StartedSession> {
  const token = generateOpaqueToken();
  const csrfToken = generateOpaqueToken();
  const id = newId("ses");
  const absoluteExpiresAt = new Date(now.getTime() + timeouts.absoluteMs);
  await runQuery(
    insertSession,
    { id, accountId, tokenHash: digestBytes(hashOpaqueToken(token)), csrfToken, now, absoluteExpiresAt },
    sqlOf(db),
  );
  return { id, token, csrfToken, lastSeenAt: now, absoluteExpiresAt };
}
