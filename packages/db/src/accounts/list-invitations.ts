import type { PrismaClient } from "../generated/prisma/client";
import { idsBefore, toPage } from "../page";

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
  db: PrismaClient,
  userId: string,
  query: { limit: number; after?: string },
): Promise<{ rows: InvitationSummary[]; nextAfter: string | null }> {
  const rows = await db.account.findMany({
    where: { userId, personId: null, disabledAt: null, ...idsBefore(query.after) },
    orderBy: { id: "desc" },
    take: query.limit + 1,
    include: {
      signInLinks: { where: { usedAt: null }, orderBy: { expiresAt: "desc" }, take: 1 },
    },
  });
  const page = toPage(rows, query.limit);
  return {
    rows: page.rows.map((a) => ({
      accountId: a.id,
      email: a.email,
      invitedById: a.invitedById,
      createdAt: a.createdAt,
      expiresAt: a.signInLinks[0]?.expiresAt ?? null,
    })),
    nextAfter: page.nextAfter,
  };
}
