import type { Account, Person } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { revokeSession } from "../sessions/revoke-sessions";
import { type SessionTimeouts, type StartedSession, startSession } from "../sessions/start-session";
import { inSqlTransaction } from "../sql-transaction";
import { toAccount } from "./account-rows";
import { lockAccount, useLiveLinks } from "./enter-account.queries";
import { readAccount } from "./find-account";
import { joinAccount } from "./join-account";

/**
 * Starts a session of a signed-in person in one of their memberships (listMemberships): an account
 * they joined, or an open invitation to their proven email, which is joined on the way (its links are
 * used up, atomically: an invitation revoked or expired meanwhile is not joined). `replaces`: the
 * session this one takes over from (switching to another user), ended in the same transaction.
 * Null when the account is none of the person's memberships now.
 */
export async function enterAccount(
  db: DbOrTx,
  input: {
    person: Pick<Person, "id" | "email" | "emailVerifiedAt">;
    accountId: string;
    timeouts: SessionTimeouts;
    replaces?: string;
    now?: Date;
  },
): Promise<{ account: Account; session: StartedSession } | null> {
  const now = input.now ?? new Date();
  const { person } = input;
  return inSqlTransaction(db, async (sql) => {
    const [locked] = await runQuery(lockAccount, { accountId: input.accountId }, sql);
    const account = locked ? toAccount(locked) : null;
    if (!account || account.disabledAt) return null;
    if (account.personId !== person.id) {
      const invitation =
        account.personId === null && account.email === person.email && person.emailVerifiedAt;
      if (!invitation) return null;
      const used = await runQuery(useLiveLinks, { accountId: account.id, now }, sql);
      if (used.length === 0) return null;
      await joinAccount(sql, account.id, person.id);
    }
    if (input.replaces) await revokeSession(sql, input.replaces, now);
    const session = await startSession(sql, account.id, input.timeouts, now);
    return { account: await readAccount(sql, account.id), session };
  });
}
