/** Types generated for queries found in "packages/db/src/accounts/redeem-sign-in-link.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

/** 'LinkWithAccount' parameters type */
export interface ILinkWithAccountParams {
  tokenHash: Buffer;
}

/** 'LinkWithAccount' return type */
export interface ILinkWithAccountResult {
  account_disabled_at: Date | null;
  account_email: string;
  account_id: string;
  id: string;
}

/** 'LinkWithAccount' query type */
export interface ILinkWithAccountQuery {
  params: ILinkWithAccountParams;
  result: ILinkWithAccountResult;
}

const linkWithAccountIR: any = {"usedParamSet":{"tokenHash":true},"params":[{"name":"tokenHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":180,"b":190}]}],"statement":"SELECT l.id, l.account_id, a.email AS account_email, a.disabled_at AS account_disabled_at\n  FROM sign_in_links AS l JOIN accounts AS a ON a.id = l.account_id\n WHERE l.token_hash = :tokenHash!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT l.id, l.account_id, a.email AS account_email, a.disabled_at AS account_disabled_at
 *   FROM sign_in_links AS l JOIN accounts AS a ON a.id = l.account_id
 *  WHERE l.token_hash = :tokenHash!
 * ```
 */
export const linkWithAccount = new PreparedQuery<ILinkWithAccountParams,ILinkWithAccountResult>(linkWithAccountIR);


/** 'UseLink' parameters type */
export interface IUseLinkParams {
  linkId: string;
  now: DateOrString;
}

/** 'UseLink' return type */
export interface IUseLinkResult {
  id: string;
}

/** 'UseLink' query type */
export interface IUseLinkQuery {
  params: IUseLinkParams;
  result: IUseLinkResult;
}

const useLinkIR: any = {"usedParamSet":{"now":true,"linkId":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":35,"b":39},{"a":99,"b":103}]},{"name":"linkId","required":true,"transform":{"type":"scalar"},"locs":[{"a":53,"b":60}]}],"statement":"UPDATE sign_in_links SET used_at = :now!\n WHERE id = :linkId! AND used_at IS NULL AND expires_at > :now!\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE sign_in_links SET used_at = :now!
 *  WHERE id = :linkId! AND used_at IS NULL AND expires_at > :now!
 * RETURNING id
 * ```
 */
export const useLink = new PreparedQuery<IUseLinkParams,IUseLinkResult>(useLinkIR);


/** 'UpsertPerson' parameters type */
export interface IUpsertPersonParams {
  email: string;
  id: string;
  now: DateOrString;
  passwordHash: string;
}

/** 'UpsertPerson' return type */
export interface IUpsertPersonResult {
  created_at: Date;
  email: string;
  email_verified_at: Date | null;
  id: string;
  password_hash: string;
}

/** 'UpsertPerson' query type */
export interface IUpsertPersonQuery {
  params: IUpsertPersonParams;
  result: IUpsertPersonResult;
}

const upsertPersonIR: any = {"usedParamSet":{"id":true,"email":true,"passwordHash":true,"now":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":85,"b":88}]},{"name":"email","required":true,"transform":{"type":"scalar"},"locs":[{"a":91,"b":97}]},{"name":"passwordHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":100,"b":113}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":116,"b":120},{"a":123,"b":127}]}],"statement":"INSERT INTO people (id, email, password_hash, email_verified_at, created_at)\nVALUES (:id!, :email!, :passwordHash!, :now!, :now!)\nON CONFLICT (email) DO UPDATE\n  SET password_hash = EXCLUDED.password_hash, email_verified_at = EXCLUDED.email_verified_at\nRETURNING *"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO people (id, email, password_hash, email_verified_at, created_at)
 * VALUES (:id!, :email!, :passwordHash!, :now!, :now!)
 * ON CONFLICT (email) DO UPDATE
 *   SET password_hash = EXCLUDED.password_hash, email_verified_at = EXCLUDED.email_verified_at
 * RETURNING *
 * ```
 */
export const upsertPerson = new PreparedQuery<IUpsertPersonParams,IUpsertPersonResult>(upsertPersonIR);


