/** Types generated for queries found in "packages/db/src/contexts/erase-context-data.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'FindUsersContext' parameters type */
export interface IFindUsersContextParams {
  contextId: string;
  userId: string;
}

/** 'FindUsersContext' return type */
export interface IFindUsersContextResult {
  id: string;
}

/** 'FindUsersContext' query type */
export interface IFindUsersContextQuery {
  params: IFindUsersContextParams;
  result: IFindUsersContextResult;
}

const findUsersContextIR: any = {"usedParamSet":{"contextId":true,"userId":true},"params":[{"name":"contextId","required":true,"transform":{"type":"scalar"},"locs":[{"a":35,"b":45}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":61,"b":68}]}],"statement":"SELECT id FROM contexts WHERE id = :contextId! AND user_id = :userId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id FROM contexts WHERE id = :contextId! AND user_id = :userId!
 * ```
 */
export const findUsersContext = new PreparedQuery<IFindUsersContextParams,IFindUsersContextResult>(findUsersContextIR);


