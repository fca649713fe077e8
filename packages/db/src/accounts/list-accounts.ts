import { toPage } from "../page";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { toAccount } from "./account-rows";
import { accountsOfUserPage } from "./list-accounts.queries";

export interface AccountSummary {
  id: string;
  userId: string;
  email: string;
  createdAt: Date;
  lastSignInAt: Date | null;
  /** false until a person has joined it (an open invitation: "invited") */
  joined: boolean;
  /** set while the account is disabled */
  disabledAt: Date | null;
}

/** A user's accounts, newest first; which person joined one stays here. */
export async function listAccounts(
  db: DbOrTx,
  userId: string,
  query: { limit: number; after?: string },
): Promise<{ rows: AccountSummary[]; nextAfter: string | null }> {
  const rows = await runQuery(
    accountsOfUserPage,
    { userId, after: query.after ?? null, limit: query.limit + 1 },
    sqlOf(db),
  );
  const page = toPage(rows.map(toAccount), query.limit);
  return {
    rows: page.rows.map(({ personId, invitedById: _, ...rest }) => ({ ...rest, joined: personId !== null })),
    nextAfter: page.nextAfter,
  };
}
