import { createHash, randomBytes } from "node:crypto";
import { newId } from "@ctxlog/core";
import type { Account, PrismaClient } from "../generated/prisma/client";
import { Prisma } from "../generated/prisma/client";
import { createSignInLink, INVITATION_LINK_TTL_MS, type IssuedSignInLink } from "./sign-in-links";

export interface CreateAccountInput {
  userId: string;
  email: string;
  /** a new user gets this plan (as `keys create` does) */
  defaultPlan?: string;
  /** the account that sent the invitation (null: created from the CLI) */
  invitedById?: string | null;
  /** default INVITATION_LINK_TTL_MS */
  linkTtlMs?: number;
  now?: Date;
}

export class AccountEmailTakenError extends Error {
  override readonly name = "AccountEmailTakenError";
}

/** Emails are compared and stored trimmed and lowercased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * An invitation: creates the user if needed, the account (invited: no person yet), the full key its
 * sessions act as, and its first one-time link (returned once, for the mail to the email; never
 * stored in plaintext). The same writes whoever the email belongs to: whether a person already signs
 * in with it is looked at only when the mail is written, off the request. The account's key has a
 * hash nobody holds the preimage of, so it can never be presented as a bearer key.
 */
export async function createAccount(
  db: PrismaClient,
  input: CreateAccountInput,
): Promise<{ account: Account; link: IssuedSignInLink }> {
  const now = input.now ?? new Date();
  const email = normalizeEmail(input.email);
  try {
    return await db.$transaction(async (tx) => {
      await tx.user.upsert({
        where: { id: input.userId },
        create: { id: input.userId, plan: input.defaultPlan ?? "free" },
        update: {},
      });
      const account = await tx.account.create({
        data: {
          id: newId("acc"),
          userId: input.userId,
          email,
          invitedById: input.invitedById ?? null,
          createdAt: now,
        },
      });
      const keyId = newId("key");
      await tx.apiKey.create({
        data: {
          id: keyId,
          userId: input.userId,
          type: "full",
          hash: createHash("sha256")
            .update(`account:${randomBytes(32).toString("hex")}`)
            .digest("hex"),
          displayPrefix: "session",
          familyId: keyId,
          accountId: account.id,
          name: `dashboard: ${email}`,
          createdAt: now,
        },
      });
      const ttlMs = input.linkTtlMs ?? INVITATION_LINK_TTL_MS;
      const link = await createSignInLink(tx, account.id, { ttlMs, now });
      return { account, link };
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      // (user, email) is unique: another user's account with this email is no conflict here
      throw new AccountEmailTakenError(`user ${input.userId} has an account with the email ${email}`);
    }
    throw err;
  }
}
