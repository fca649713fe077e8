import type { Account } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction } from "../sql-transaction";
import { toAccount } from "./account-rows";
import { normalizeEmail } from "./create-account";
import { lockOpenInvitation } from "./reissue-invitation.queries";
import {
  createSignInLink,
  INVITATION_LINK_TTL_MS,
  type IssuedSignInLink,
  voidSignInLinks,
} from "./sign-in-links";

/**
 * Inviting again an email this user has invited and nobody has joined yet (a lost or expired mail):
 * a new link replaces the unused ones. Null when the user has no such open invitation (the email
 * is a member already, disabled, or not invited at all).
 */
export async function reissueInvitation(
  db: DbOrTx,
  input: { userId: string; email: string; now?: Date },
): Promise<{ account: Account; link: IssuedSignInLink } | null> {
  const now = input.now ?? new Date();
  return inSqlTransaction(db, async (sql) => {
    const [open] = await runQuery(
      lockOpenInvitation,
      { userId: input.userId, email: normalizeEmail(input.email) },
      sql,
    );
    if (!open) return null;
    await voidSignInLinks(sql, open.id, now);
    const link = await createSignInLink(sql, open.id, { ttlMs: INVITATION_LINK_TTL_MS, now });
    // the row as locked: new links do not change it, and nothing else can until the commit
    return { account: toAccount(open), link };
  });
}
