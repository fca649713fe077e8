import { createHash, randomBytes } from "node:crypto";
import { newId } from "@ctxlog/core";
import type { Account } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction } from "../sql-transaction";
import { toAccount } from "./account-rows";
import { ensureUser, insertAccount, insertAccountKey } from "./create-account.queries";
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

/**
 * A unique index refused the row: PostgreSQL's 23505 (the pg pool), or Prisma's P2002 (a client
 * without a pool of its own runs the statements through Prisma).
 */
const isUniqueViolation = (err: unknown) =>
  typeof err === "object" &&
  err !== null &&
  ["23505", "P2002"].includes(String((err as { code?: unknown }).code));

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
  db: DbOrTx,
  input: CreateAccountInput,
): Promise<{ account: Account; link: IssuedSignInLink }> {
  const now = input.now ?? new Date();
  const email = normalizeEmail(input.email);
  try {
    return await inSqlTransaction(db, async (sql) => {
      await runQuery(ensureUser, { userId: input.userId, plan: input.defaultPlan ?? "free" }, sql);
      const [row] = await runQuery(
        insertAccount,
        { id: newId("acc"), userId: input.userId, email, invitedById: input.invitedById ?? null, now },
        sql,
      );
      if (!row) throw new Error("INSERT … RETURNING returned no row");
      const account = toAccount(row);
      await runQuery(
        insertAccountKey,
        {
          id: newId("key"),
          userId: input.userId,
          // its 32 bytes, as every key's hash is stored
          hash: createHash("sha256")
            .update(`account:${randomBytes(32).toString("hex")}`)
            .digest(),
          accountId: account.id,
          name: `dashboard: ${email}`,
          now,
        },
        sql,
      );
      const ttlMs = input.linkTtlMs ?? INVITATION_LINK_TTL_MS;
      const link = await createSignInLink(sql, account.id, { ttlMs, now });
      return { account, link };
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      // (user, email) is unique: another user's account with this email is no conflict here
      throw new AccountEmailTakenError(`user ${input.userId} has an account with the email ${email}`, {
        cause: err,
      });
    }
    throw err;
  }
}
