/** Types generated for queries found in "packages/db/src/accounts/disable-account.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

/** 'SetAccountDisabled' parameters type */
export interface ISetAccountDisabledParams {
  accountId: string;
  now: DateOrString;
}

/** 'SetAccountDisabled' return type */
export interface ISetAccountDisabledResult {
  created_at: Date;
  disabled_at: Date | null;
  email: string;
  id: string;
  invited_by_id: string | null;
  last_sign_in_at: Date | null;
  person_id: string | null;
  user_id: string;
}

/** 'SetAccountDisabled' query type */
export interface ISetAccountDisabledQuery {
  params: ISetAccountDisabledParams;
  result: ISetAccountDisabledResult;
}

const setAccountDisabledIR: any = {"usedParamSet":{"now":true,"accountId":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":34,"b":38}]},{"name":"accountId","required":true,"transform":{"type":"scalar"},"locs":[{"a":51,"b":61}]}],"statement":"UPDATE accounts SET disabled_at = :now! WHERE id = :accountId! RETURNING *"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE accounts SET disabled_at = :now! WHERE id = :accountId! RETURNING *
 * ```
 */
export const setAccountDisabled = new PreparedQuery<ISetAccountDisabledParams,ISetAccountDisabledResult>(setAccountDisabledIR);


/** 'ClearAccountDisabled' parameters type */
export interface IClearAccountDisabledParams {
  accountId: string;
  userId: string;
}

/** 'ClearAccountDisabled' return type */
export interface IClearAccountDisabledResult {
  created_at: Date;
  disabled_at: Date | null;
  email: string;
  id: string;
  invited_by_id: string | null;
  last_sign_in_at: Date | null;
  person_id: string | null;
  user_id: string;
}

/** 'ClearAccountDisabled' query type */
export interface IClearAccountDisabledQuery {
  params: IClearAccountDisabledParams;
  result: IClearAccountDisabledResult;
}

const clearAccountDisabledIR: any = {"usedParamSet":{"accountId":true,"userId":true},"params":[{"name":"accountId","required":true,"transform":{"type":"scalar"},"locs":[{"a":50,"b":60}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":76,"b":83}]}],"statement":"UPDATE accounts SET disabled_at = NULL WHERE id = :accountId! AND user_id = :userId! RETURNING *"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE accounts SET disabled_at = NULL WHERE id = :accountId! AND user_id = :userId! RETURNING *
 * ```
 */
export const clearAccountDisabled = new PreparedQuery<IClearAccountDisabledParams,IClearAccountDisabledResult>(clearAccountDisabledIR);


