/** Types generated for queries found in "packages/db/src/accounts/find-sign-in-link.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'SignInLinkByTokenHash' parameters type */
export interface ISignInLinkByTokenHashParams {
  tokenHash: Buffer;
}

/** 'SignInLinkByTokenHash' return type */
export interface ISignInLinkByTokenHashResult {
  account_id: string;
  created_at: Date;
  expires_at: Date;
  id: string;
  token_hash: Buffer;
  used_at: Date | null;
}

/** 'SignInLinkByTokenHash' query type */
export interface ISignInLinkByTokenHashQuery {
  params: ISignInLinkByTokenHashParams;
  result: ISignInLinkByTokenHashResult;
}

const signInLinkByTokenHashIR: any = {"usedParamSet":{"tokenHash":true},"params":[{"name":"tokenHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":47,"b":57}]}],"statement":"SELECT * FROM sign_in_links WHERE token_hash = :tokenHash!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT * FROM sign_in_links WHERE token_hash = :tokenHash!
 * ```
 */
export const signInLinkByTokenHash = new PreparedQuery<ISignInLinkByTokenHashParams,ISignInLinkByTokenHashResult>(signInLinkByTokenHashIR);


