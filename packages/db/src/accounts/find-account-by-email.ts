import type { DbOrTx } from "../prisma-types";
import { normalizeEmail } from "./create-account";

/** The account with this email (compared lowercased), or null. */
export async function findAccountByEmail(db: DbOrTx, email: string) {
  return db.account.findUnique({ where: { email: normalizeEmail(email) } });
}
