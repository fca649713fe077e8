import { pageOf } from "../page";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { openInvitationsPage } from "./list-invitations.queries";

export interface InvitationSummary {
  accountId: string;
  email: string;
  invitedById: string | null;
  createdAt: Date;
  /** when its last unused sign-in link ends (null: it has none left) */
  expiresAt: Date | null;
}

/**
 * A user's open invitations, newest first: accounts nobody has joined yet (and not disabled), each with the end of its latest unused sign-in link.
 */
export async function listInvitations(
  db: DbOrTx,
  userId: string,
  query: { limit: number; after?: string },
): Promise<{ rows: InvitationSummary[]; nextAfter: string | null }> {
  const rows = await runQuery(
    openInvitationsPage,
    { userId, after: query.after ?? null, limit: query.limit + 1 },
    sqlOf(db),
  );
  const page = pageOf(rows, query.limit, (row) => row.accountId);
  return { rows: page.rows, nextAfter: page.next };
}
