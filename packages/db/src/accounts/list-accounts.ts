import type { PrismaClient } from "../generated/prisma/client";
import { idsBefore, toPage } from "../page";

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
  db: PrismaClient,
  userId: string,
  query: { limit: number; after?: string },
): Promise<{ rows: AccountSummary[]; nextAfter: string | null }> {
  const rows = await db.account.findMany({
    where: { userId, ...idsBefore(query.after) },
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  const page = toPage(rows, query.limit);
  return {
    rows: page.rows.map(({ personId, invitedById: _, ...rest }) => ({ ...rest, joined: personId !== null })),
    nextAfter: page.nextAfter,
  };
}
