import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { type SqlRunner, sqlOf } from "../sql-transaction";
import { revokeOneSession, revokeSessionsOfAccount, revokeSessionsOfPerson } from "./revoke-sessions.queries";

// Each takes a client, or the runner of the caller's inSqlTransaction (signing in, disabling an
// account, a new password end sessions in the transaction that does the rest).

/** Ends one session (sign-out). Revoking twice keeps the first time. */
export async function revokeSession(
  db: DbOrTx | SqlRunner,
  sessionId: string,
  now = new Date(),
): Promise<void> {
  await runQuery(revokeOneSession, { sessionId, now }, sqlOf(db));
}

/** Ends every live session of an account (disabling it). */
export async function revokeAccountSessions(
  db: DbOrTx | SqlRunner,
  accountId: string,
  now = new Date(),
): Promise<number> {
  return (await runQuery(revokeSessionsOfAccount, { accountId, now }, sqlOf(db))).length;
}

/** Ends every live session of a person, in every user's account (sign-out everywhere, a new password). */
export async function revokePersonSessions(
  db: DbOrTx | SqlRunner,
  personId: string,
  now = new Date(),
): Promise<number> {
  return (await runQuery(revokeSessionsOfPerson, { personId, now }, sqlOf(db))).length;
}
