import type { Account } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { revokePersonSessions } from "../sessions/revoke-sessions";
import { type SessionTimeouts, type StartedSession, startSession } from "../sessions/start-session";
import { inSqlTransaction } from "../sql-transaction";
import { setPersonPassword } from "./change-person-password.queries";
import { readAccount } from "./find-account";

/**
 * Sets a person's new password hash, ends every session of the person (in every user's account)
 * and starts a new one in `accountId`, atomically. Throws when there is no such person.
 */
export async function changePersonPassword(
  db: DbOrTx,
  input: { personId: string; accountId: string; passwordHash: string; timeouts: SessionTimeouts; now?: Date },
): Promise<{ account: Account; session: StartedSession }> {
  const now = input.now ?? new Date();
  return inSqlTransaction(db, async (sql) => {
    const [changed] = await runQuery(
      setPersonPassword,
      { personId: input.personId, passwordHash: input.passwordHash },
      sql,
    );
    if (!changed) throw new Error(`person ${input.personId} does not exist`);
    await revokePersonSessions(sql, input.personId, now);
    const session = await startSession(sql, input.accountId, input.timeouts, now);
    const account = await readAccount(sql, input.accountId);
    return { account, session };
  });
}
