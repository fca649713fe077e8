import type { DbOrTx } from "../prisma-types";
import { normalizeEmail } from "./create-account";

/** The person who signs in with this email (compared lowercased), or null. */
export async function findPersonByEmail(db: DbOrTx, email: string) {
  return db.person.findUnique({ where: { email: normalizeEmail(email) } });
}

/** The person who joined with this account, or null (an invitation nobody has joined yet). */
export async function findPersonOfAccount(db: DbOrTx, accountId: string) {
  const account = await db.account.findUnique({ where: { id: accountId }, include: { person: true } });
  return account?.person ?? null;
}
