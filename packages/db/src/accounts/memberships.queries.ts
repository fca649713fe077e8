/** Types generated for queries found in "packages/db/src/accounts/memberships.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

/** 'JoinedAccounts' parameters type */
export interface IJoinedAccountsParams {
  personId: string;
}

/** 'JoinedAccounts' return type */
export interface IJoinedAccountsResult {
  created_at: Date;
  disabled_at: Date | null;
  email: string;
  id: string;
  invited_by_id: string | null;
  last_sign_in_at: Date | null;
  person_id: string | null;
  user_id: string;
}

/** 'JoinedAccounts' query type */
export interface IJoinedAccountsQuery {
  params: IJoinedAccountsParams;
  result: IJoinedAccountsResult;
}

const joinedAccountsIR: any = {"usedParamSet":{"personId":true},"params":[{"name":"personId","required":true,"transform":{"type":"scalar"},"locs":[{"a":42,"b":51}]}],"statement":"SELECT * FROM accounts\n WHERE person_id = :personId! AND disabled_at IS NULL\n ORDER BY last_sign_in_at DESC NULLS LAST, id DESC"};

/**
 * Query generated from SQL:
 * ```
 * SELECT * FROM accounts
 *  WHERE person_id = :personId! AND disabled_at IS NULL
 *  ORDER BY last_sign_in_at DESC NULLS LAST, id DESC
 * ```
 */
export const joinedAccounts = new PreparedQuery<IJoinedAccountsParams,IJoinedAccountsResult>(joinedAccountsIR);


/** 'InvitationsToEmail' parameters type */
export interface IInvitationsToEmailParams {
  email: string;
  now: DateOrString;
}

/** 'InvitationsToEmail' return type */
export interface IInvitationsToEmailResult {
  created_at: Date;
  disabled_at: Date | null;
  email: string;
  id: string;
  invited_by_id: string | null;
  last_sign_in_at: Date | null;
  person_id: string | null;
  user_id: string;
}

/** 'InvitationsToEmail' query type */
export interface IInvitationsToEmailQuery {
  params: IInvitationsToEmailParams;
  result: IInvitationsToEmailResult;
}

const invitationsToEmailIR: any = {"usedParamSet":{"email":true,"now":true},"params":[{"name":"email","required":true,"transform":{"type":"scalar"},"locs":[{"a":47,"b":53}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":236,"b":240}]}],"statement":"SELECT a.* FROM accounts AS a\n WHERE a.email = :email! AND a.person_id IS NULL AND a.disabled_at IS NULL\n   AND EXISTS (SELECT 1 FROM sign_in_links AS l\n                WHERE l.account_id = a.id AND l.used_at IS NULL AND l.expires_at > :now!)\n ORDER BY a.id DESC"};

/**
 * Query generated from SQL:
 * ```
 * SELECT a.* FROM accounts AS a
 *  WHERE a.email = :email! AND a.person_id IS NULL AND a.disabled_at IS NULL
 *    AND EXISTS (SELECT 1 FROM sign_in_links AS l
 *                 WHERE l.account_id = a.id AND l.used_at IS NULL AND l.expires_at > :now!)
 *  ORDER BY a.id DESC
 * ```
 */
export const invitationsToEmail = new PreparedQuery<IInvitationsToEmailParams,IInvitationsToEmailResult>(invitationsToEmailIR);


