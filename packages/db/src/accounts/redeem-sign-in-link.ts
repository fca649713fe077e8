import { newId } from "@ctxlog/core";
import type { Account, Person } from "../generated/prisma/client";
import { digestBytes } from "../hex-columns";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { revokePersonSessions } from "../sessions/revoke-sessions";
import { type SessionTimeouts, type StartedSession, startSession } from "../sessions/start-session";
import { inSqlTransaction } from "../sql-transaction";
import { toPerson } from "./account-rows";
import { readAccount } from "./find-account";
import { joinAccount } from "./join-account";
import { linkWithAccount, upsertPerson, useLink } from "./redeem-sign-in-link.queries";
import { voidSignInLinks } from "./sign-in-links";

/**
 * Uses a one-time link (mailed to the account's email, so whoever holds it receives that mail):
 * marks it used (only if still unused and unexpired: two concurrent redemptions cannot both win),
 * voids the account's other unused links, sets the password of the email's person (created now, or
 * replaced: a link is also how a forgotten password is replaced) and marks the email proven, joins
 * the account, ends every session of the person (every user's) and signs in to this account.
 * The same whether or not the email already had a person: nothing here tells anyone which.
 * Null when the link is unknown, used or expired, or its account disabled.
 */
export async function redeemSignInLink(
  db: DbOrTx,
  input: { tokenHash: string; passwordHash: string; timeouts: SessionTimeouts; now?: Date },
): Promise<{ account: Account; person: Person; session: StartedSession } | null> {
  const now = input.now ?? new Date();
  return inSqlTransaction(db, async (sql) => {
    const [link] = await runQuery(linkWithAccount, { tokenHash: digestBytes(input.tokenHash) }, sql);
    if (!link || link.account_disabled_at) return null;
    const used = await runQuery(useLink, { linkId: link.id, now }, sql);
    if (used.length === 0) return null;
    await voidSignInLinks(sql, link.account_id, now);
    // one statement, so two first links of one email (two users' invitations) raced cannot both
    // create a person: the second sets the password of the first's
    const [upserted] = await runQuery(
      upsertPerson,
      { id: newId("per"), email: link.account_email, passwordHash: input.passwordHash, now },
      sql,
    );
    if (!upserted) throw new Error("INSERT … RETURNING returned no row");
    const person = toPerson(upserted);
    await joinAccount(sql, link.account_id, person.id);
    await revokePersonSessions(sql, person.id, now);
    const session = await startSession(sql, link.account_id, input.timeouts, now);
    return { account: await readAccount(sql, link.account_id), person, session };
  });
}
