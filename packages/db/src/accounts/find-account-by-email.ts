import type { DbOrTx } from "../prisma-types";
import { normalizeEmail } from "./create-account";

/** Every account with this email, of any user, joined or only invited (the CLI's look-up). */
export async function findAccountsWithEmail(db: DbOrTx, email: string) {
  return db.account.findMany({ where: { email: normalizeEmail(email) }, orderBy: { id: "asc" } });
}
