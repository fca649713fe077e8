import { toAccount } from "../accounts/account-rows";
import { toApiKey } from "../api-keys/api-key-rows";
import { digestBytes, digestHex } from "../hex-columns";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { sessionWithAccount } from "./find-active-session.queries";
import { type SessionTimeouts, sessionExpiresAt } from "./start-session";

/**
 * The live session with this token hash, with its account, the account's key and the user; null
 * when unknown, revoked, idle too long or past its absolute expiry. The lookup is by the token's
 * SHA-256 (hashOpaqueToken's hex, bound as its bytes: equality on the unique index
 * sessions_token_hash_key), so no secret is compared in our code. One statement (it runs on every dashboard
 * request): the session joined to its account, the account's key and its user.
 */
export async function findActiveSession(
  db: DbOrTx,
  tokenHash: string,
  timeouts: Pick<SessionTimeouts, "idleMs">,
  now = new Date(),
) {
  const [r] = await runQuery(sessionWithAccount, { tokenHash: digestBytes(tokenHash) }, sqlOf(db));
  // every account is created with its key: a session whose account has none (the inner join) is
  // no session, never trusted alone
  if (!r || r.revoked_at) return null;
  const session = {
    id: r.id,
    accountId: r.account_id,
    tokenHash: digestHex(r.token_hash),
    csrfToken: r.csrf_token,
    lastSeenAt: r.last_seen_at,
    absoluteExpiresAt: r.absolute_expires_at,
    revokedAt: r.revoked_at,
    createdAt: r.created_at,
  };
  if (sessionExpiresAt(session, timeouts) <= now) return null;
  if (r.a_disabled_at) return null; // disabling revokes the sessions too; never trust one alone
  const account = toAccount({
    id: r.account_id,
    user_id: r.a_user_id,
    email: r.a_email,
    person_id: r.a_person_id,
    invited_by_id: r.a_invited_by_id,
    last_sign_in_at: r.a_last_sign_in_at,
    disabled_at: r.a_disabled_at,
    created_at: r.a_created_at,
  });
  const apiKey = toApiKey({
    id: r.k_id,
    user_id: r.k_user_id,
    type: r.k_type,
    hash: r.k_hash,
    display_prefix: r.k_display_prefix,
    agent_patterns: r.k_agent_patterns,
    family_id: r.k_family_id,
    rolled_from_id: r.k_rolled_from_id,
    expires_at: r.k_expires_at,
    revoked_at: r.k_revoked_at,
    created_at: r.k_created_at,
    name: r.k_name,
    last_used_at: r.k_last_used_at,
    account_id: r.account_id,
  });
  const user = { id: r.a_user_id, plan: r.u_plan, createdAt: r.u_created_at };
  return { ...session, account: { ...account, apiKey, user } };
}
