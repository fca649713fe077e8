/** Types generated for queries found in "packages/db/src/accounts/join-account.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'SetPersonOfAccount' parameters type */
export interface ISetPersonOfAccountParams {
  accountId: string;
  personId: string;
}

/** 'SetPersonOfAccount' return type */
export interface ISetPersonOfAccountResult {
  id: string;
}

/** 'SetPersonOfAccount' query type */
export interface ISetPersonOfAccountQuery {
  params: ISetPersonOfAccountParams;
  result: ISetPersonOfAccountResult;
}

const setPersonOfAccountIR: any = {"usedParamSet":{"personId":true,"accountId":true},"params":[{"name":"personId","required":true,"transform":{"type":"scalar"},"locs":[{"a":32,"b":41}]},{"name":"accountId","required":true,"transform":{"type":"scalar"},"locs":[{"a":54,"b":64}]}],"statement":"UPDATE accounts SET person_id = :personId! WHERE id = :accountId! RETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE accounts SET person_id = :personId! WHERE id = :accountId! RETURNING id
 * ```
 */
export const setPersonOfAccount = new PreparedQuery<ISetPersonOfAccountParams,ISetPersonOfAccountResult>(setPersonOfAccountIR);


