import { generateOpaqueToken, hashOpaqueToken, newId } from "@ctxlog/core";
import { digestBytes } from "../hex-columns";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { type SqlRunner, sqlOf } from "../sql-transaction";
import { insertSignInLink, voidUnusedLinks } from "./sign-in-links.queries";

/** How long a sign-in link works (a forgotten password: `ctxlog accounts link`). */
export const SIGN_IN_LINK_TTL_MS = 30 * 60 * 1000;

/**
 * How long an invitation's link works (and so the invitation: an account is joinable while it has
 * a live link). Mailed, so read hours or days later: a week, as GitHub's organisation invitations.
 */
export const INVITATION_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface IssuedSignInLink {
  /** The plaintext token: it exists only in this return value (the link's fragment). */
  token: string;
  expiresAt: Date;
}

/**
 * A new one-time link for an account; only the SHA-256 of its token is stored. On a client, or the
 * runner of the caller's inSqlTransaction.
 */
export async function createSignInLink(
  db: DbOrTx | SqlRunner,
  accountId: string,
  opts: { ttlMs?: number; now?: Date } = {},
): Promise<IssuedSignInLink> {
  const now = opts.now ?? new Date();
  const token = generateOpaqueToken();
  const expiresAt = new Date(now.getTime() + (opts.ttlMs ?? SIGN_IN_LINK_TTL_MS));
  await runQuery(
    insertSignInLink,
    { id: newId("lnk"), accountId, tokenHash: digestBytes(hashOpaqueToken(token)), expiresAt, now },
    sqlOf(db),
  );
  return { token, expiresAt };
}

/** Marks every unused link of an account used (a link redeemed, a new one issued, the account disabled). */
export async function voidSignInLinks(sql: SqlRunner, accountId: string, now: Date): Promise<void> {
  await runQuery(voidUnusedLinks, { accountId, now }, sql);
}
