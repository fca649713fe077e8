import type { Account, PrismaClient } from "../generated/prisma/client";
import { normalizeEmail } from "./create-account";
import { createSignInLink, INVITATION_LINK_TTL_MS, type IssuedSignInLink } from "./sign-in-links";

/**
 * Inviting again an email this user has invited and nobody has joined yet (a lost or expired mail):
 * a new link replaces the unused ones. Null when the user has no such open invitation (the email
 * is a member already, disabled, or not invited at all).
 */
export async function reissueInvitation(
  db: PrismaClient,
  input: { userId: string; email: string; now?: Date },
): Promise<{ account: Account; link: IssuedSignInLink } | null> {
  const now = input.now ?? new Date();
  return db.$transaction(async (tx) => {
    const [open] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM accounts
      WHERE user_id = ${input.userId} AND email = ${normalizeEmail(input.email)}
        AND person_id IS NULL AND disabled_at IS NULL
      FOR UPDATE`;
    if (!open) return null;
    await tx.signInLink.updateMany({ where: { accountId: open.id, usedAt: null }, data: { usedAt: now } });
    const link = await createSignInLink(tx, open.id, { ttlMs: INVITATION_LINK_TTL_MS, now });
    return { account: await tx.account.findUniqueOrThrow({ where: { id: open.id } }), link };
  });
}
