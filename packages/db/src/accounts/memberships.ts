import type { Account, Person } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { toAccount } from "./account-rows";
import { invitationsToEmail, joinedAccounts } from "./memberships.queries";

export interface Membership {
  account: Account;
  /** `invited`: an open invitation to the person's email, joined by signing in to it */
  status: "active" | "invited";
}

/**
 * Where a person may sign in: the accounts they joined and that are not disabled, most recently
 * used first; then, once their email is proven (a link mailed to it was used), the open invitations
 * to that email (not disabled, with a live link), newest first. Signing in to an invitation joins it.
 */
export async function listMemberships(
  db: DbOrTx,
  person: Pick<Person, "id" | "email" | "emailVerifiedAt">,
  now = new Date(),
): Promise<Membership[]> {
  const sql = sqlOf(db);
  const joined = await runQuery(joinedAccounts, { personId: person.id }, sql);
  const invited = person.emailVerifiedAt
    ? await runQuery(invitationsToEmail, { email: person.email, now }, sql)
    : [];
  return [
    ...joined.map((row) => ({ account: toAccount(row), status: "active" as const })),
    ...invited.map((row) => ({ account: toAccount(row), status: "invited" as const })),
  ];
}
