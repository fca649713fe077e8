/** Types generated for queries found in "packages/db/src/sessions/find-active-session.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type KeyType = 'full' | 'public' | 'read_only' | 'restricted';

export type stringArray = (string)[];

/** 'SessionWithAccount' parameters type */
export interface ISessionWithAccountParams {
  tokenHash: Buffer;
}

/** 'SessionWithAccount' return type */
export interface ISessionWithAccountResult {
  a_created_at: Date;
  a_disabled_at: Date | null;
  a_email: string;
  a_invited_by_id: string | null;
  a_last_sign_in_at: Date | null;
  a_person_id: string | null;
  a_user_id: string;
  absolute_expires_at: Date;
  account_id: string;
  created_at: Date;
  csrf_token: string;
  id: string;
  k_agent_patterns: stringArray | null;
  k_created_at: Date;
  k_display_prefix: string;
  k_expires_at: Date | null;
  k_family_id: string;
  k_hash: Buffer;
  k_id: string;
  k_last_used_at: Date | null;
  k_name: string | null;
  k_revoked_at: Date | null;
  k_rolled_from_id: string | null;
  k_type: KeyType;
  k_user_id: string;
  last_seen_at: Date;
  revoked_at: Date | null;
  token_hash: Buffer;
  u_created_at: Date;
  u_plan: string;
}

/** 'SessionWithAccount' query type */
export interface ISessionWithAccountQuery {
  params: ISessionWithAccountParams;
  result: ISessionWithAccountResult;
}

const sessionWithAccountIR: any = {"usedParamSet":{"tokenHash":true},"params":[{"name":"tokenHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":976,"b":986}]}],"statement":"SELECT s.id, s.account_id, s.token_hash, s.csrf_token, s.last_seen_at, s.absolute_expires_at,\n       s.revoked_at, s.created_at,\n       a.user_id AS a_user_id, a.email AS a_email, a.person_id AS a_person_id,\n       a.invited_by_id AS a_invited_by_id, a.last_sign_in_at AS a_last_sign_in_at,\n       a.disabled_at AS a_disabled_at, a.created_at AS a_created_at,\n       k.id AS k_id, k.user_id AS k_user_id, k.type AS k_type, k.hash AS k_hash,\n       k.display_prefix AS k_display_prefix, k.agent_patterns AS k_agent_patterns,\n       k.family_id AS k_family_id, k.rolled_from_id AS k_rolled_from_id, k.expires_at AS k_expires_at,\n       k.revoked_at AS k_revoked_at, k.created_at AS k_created_at, k.name AS k_name,\n       k.last_used_at AS k_last_used_at,\n       u.plan AS u_plan, u.created_at AS u_created_at\n  FROM sessions AS s\n  JOIN accounts AS a ON a.id = s.account_id\n  JOIN api_keys AS k ON k.account_id = a.id\n  JOIN users AS u ON u.id = a.user_id\n WHERE s.token_hash = :tokenHash!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT s.id, s.account_id, s.token_hash, s.csrf_token, s.last_seen_at, s.absolute_expires_at,
 *        s.revoked_at, s.created_at,
 *        a.user_id AS a_user_id, a.email AS a_email, a.person_id AS a_person_id,
 *        a.invited_by_id AS a_invited_by_id, a.last_sign_in_at AS a_last_sign_in_at,
 *        a.disabled_at AS a_disabled_at, a.created_at AS a_created_at,
 *        k.id AS k_id, k.user_id AS k_user_id, k.type AS k_type, k.hash AS k_hash,
 *        k.display_prefix AS k_display_prefix, k.agent_patterns AS k_agent_patterns,
 *        k.family_id AS k_family_id, k.rolled_from_id AS k_rolled_from_id, k.expires_at AS k_expires_at,
 *        k.revoked_at AS k_revoked_at, k.created_at AS k_created_at, k.name AS k_name,
 *        k.last_used_at AS k_last_used_at,
 *        u.plan AS u_plan, u.created_at AS u_created_at
 *   FROM sessions AS s
 *   JOIN accounts AS a ON a.id = s.account_id
 *   JOIN api_keys AS k ON k.account_id = a.id
 *   JOIN users AS u ON u.id = a.user_id
 *  WHERE s.token_hash = :tokenHash!
 * ```
 */
export const sessionWithAccount = new PreparedQuery<ISessionWithAccountParams,ISessionWithAccountResult>(sessionWithAccountIR);


