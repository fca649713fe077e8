import type { Account, Person } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";

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
  const joined = await db.account.findMany({
    where: { personId: person.id, disabledAt: null },
    orderBy: [{ lastSignInAt: { sort: "desc", nulls: "last" } }, { id: "desc" }],
  });
  const invited = person.emailVerifiedAt
    ? await db.account.findMany({
        where: {
          email: person.email,
          personId: null,
          disabledAt: null,
          signInLinks: { some: { usedAt: null, expiresAt: { gt: now } } },
        },
        orderBy: { id: "desc" },
      })
    : [];
  return [
    ...joined.map((account) => ({ account, status: "active" as const })),
    ...invited.map((account) => ({ account, status: "invited" as const })),
  ];
}
