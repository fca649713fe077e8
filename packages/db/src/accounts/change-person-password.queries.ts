/** Types generated for queries found in "packages/db/src/accounts/change-person-password.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'SetPersonPassword' parameters type */
export interface ISetPersonPasswordParams {
  passwordHash: string;
  personId: string;
}

/** 'SetPersonPassword' return type */
export interface ISetPersonPasswordResult {
  id: string;
}

/** 'SetPersonPassword' query type */
export interface ISetPersonPasswordQuery {
  params: ISetPersonPasswordParams;
  result: ISetPersonPasswordResult;
}

const setPersonPasswordIR: any = {"usedParamSet":{"passwordHash":true,"personId":true},"params":[{"name":"passwordHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":34,"b":47}]},{"name":"personId","required":true,"transform":{"type":"scalar"},"locs":[{"a":60,"b":69}]}],"statement":"UPDATE people SET password_hash = :passwordHash! WHERE id = :personId! RETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE people SET password_hash = :passwordHash! WHERE id = :personId! RETURNING id
 * ```
 */
export const setPersonPassword = new PreparedQuery<ISetPersonPasswordParams,ISetPersonPasswordResult>(setPersonPasswordIR);


