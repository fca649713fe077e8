import type { Person } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { toPerson } from "./account-rows";
import { normalizeEmail } from "./create-account";
import { personByEmail, personOfAccount } from "./find-person.queries";

/** The person who signs in with this email (compared lowercased), or null. */
export async function findPersonByEmail(db: DbOrTx, email: string): Promise<Person | null> {
  const [row] = await runQuery(personByEmail, { email: normalizeEmail(email) }, sqlOf(db));
  return row ? toPerson(row) : null;
}

/** The person who joined with this account, or null (an invitation nobody has joined yet). */
export async function findPersonOfAccount(db: DbOrTx, accountId: string): Promise<Person | null> {
  const [row] = await runQuery(personOfAccount, { accountId }, sqlOf(db));
  return row ? toPerson(row) : null;
}
