/** Types generated for queries found in "packages/db/src/sessions/revoke-sessions.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

/** 'RevokeOneSession' parameters type */
export interface IRevokeOneSessionParams {
  now: DateOrString;
  sessionId: string;
}

/** 'RevokeOneSession' return type */
export interface IRevokeOneSessionResult {
  id: string;
}

/** 'RevokeOneSession' query type */
export interface IRevokeOneSessionQuery {
  params: IRevokeOneSessionParams;
  result: IRevokeOneSessionResult;
}

const revokeOneSessionIR: any = {"usedParamSet":{"now":true,"sessionId":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":33,"b":37}]},{"name":"sessionId","required":true,"transform":{"type":"scalar"},"locs":[{"a":51,"b":61}]}],"statement":"UPDATE sessions SET revoked_at = :now!\n WHERE id = :sessionId! AND revoked_at IS NULL\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE sessions SET revoked_at = :now!
 *  WHERE id = :sessionId! AND revoked_at IS NULL
 * RETURNING id
 * ```
 */
export const revokeOneSession = new PreparedQuery<IRevokeOneSessionParams,IRevokeOneSessionResult>(revokeOneSessionIR);


/** 'RevokeSessionsOfAccount' parameters type */
export interface IRevokeSessionsOfAccountParams {
  accountId: string;
  now: DateOrString;
}

/** 'RevokeSessionsOfAccount' return type */
export interface IRevokeSessionsOfAccountResult {
  id: string;
}

/** 'RevokeSessionsOfAccount' query type */
export interface IRevokeSessionsOfAccountQuery {
  params: IRevokeSessionsOfAccountParams;
  result: IRevokeSessionsOfAccountResult;
}

const revokeSessionsOfAccountIR: any = {"usedParamSet":{"now":true,"accountId":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":33,"b":37}]},{"name":"accountId","required":true,"transform":{"type":"scalar"},"locs":[{"a":59,"b":69}]}],"statement":"UPDATE sessions SET revoked_at = :now!\n WHERE account_id = :accountId! AND revoked_at IS NULL\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE sessions SET revoked_at = :now!
 *  WHERE account_id = :accountId! AND revoked_at IS NULL
 * RETURNING id
 * ```
 */
export const revokeSessionsOfAccount = new PreparedQuery<IRevokeSessionsOfAccountParams,IRevokeSessionsOfAccountResult>(revokeSessionsOfAccountIR);


/** 'RevokeSessionsOfPerson' parameters type */
export interface IRevokeSessionsOfPersonParams {
  now: DateOrString;
  personId: string;
}

/** 'RevokeSessionsOfPerson' return type */
export interface IRevokeSessionsOfPersonResult {
  id: string;
}

/** 'RevokeSessionsOfPerson' query type */
export interface IRevokeSessionsOfPersonQuery {
  params: IRevokeSessionsOfPersonParams;
  result: IRevokeSessionsOfPersonResult;
}

const revokeSessionsOfPersonIR: any = {"usedParamSet":{"now":true,"personId":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":38,"b":42}]},{"name":"personId","required":true,"transform":{"type":"scalar"},"locs":[{"a":110,"b":119}]}],"statement":"UPDATE sessions AS s SET revoked_at = :now!\n  FROM accounts AS a\n WHERE a.id = s.account_id AND a.person_id = :personId! AND s.revoked_at IS NULL\nRETURNING s.id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE sessions AS s SET revoked_at = :now!
 *   FROM accounts AS a
 *  WHERE a.id = s.account_id AND a.person_id = :personId! AND s.revoked_at IS NULL
 * RETURNING s.id
 * ```
 */
export const revokeSessionsOfPerson = new PreparedQuery<IRevokeSessionsOfPersonParams,IRevokeSessionsOfPersonResult>(revokeSessionsOfPersonIR);


