import type { DbOrTx } from "../prisma-types";
import { normalizeEmail } from "./create-account";

/**
 * The account that signs in with this email (compared lowercased): the one set up with it, enabled
 * or not; null when none. Accounts only invited with the email do not sign in with it.
 */
export async function findAccountByEmail(db: DbOrTx, email: string) {
  return db.account.findUnique({ where: { signInEmail: normalizeEmail(email) } });
}

/** Every account with this email, of any user, set up or only invited (the CLI's look-up). */
export async function findAccountsWithEmail(db: DbOrTx, email: string) {
  return db.account.findMany({ where: { email: normalizeEmail(email) }, orderBy: { id: "asc" } });
}
