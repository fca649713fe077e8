import { digestBytes } from "../hex-columns";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { type SignInLink, toSignInLink } from "./account-rows";
import { signInLinkByTokenHash } from "./find-sign-in-link.queries";

/**
 * The unused, unexpired link with this token hash (hashOpaqueToken's hex), or null. A cheap look before the caller hashes
 * a password, so that a wrong token costs no hashing; `redeemSignInLink` checks again atomically.
 */
export async function findSignInLink(
  db: DbOrTx,
  tokenHash: string,
  now = new Date(),
): Promise<SignInLink | null> {
  const [row] = await runQuery(signInLinkByTokenHash, { tokenHash: digestBytes(tokenHash) }, sqlOf(db));
  const link = row ? toSignInLink(row) : null;
  if (!link || link.usedAt || link.expiresAt <= now) return null;
  return link;
}
