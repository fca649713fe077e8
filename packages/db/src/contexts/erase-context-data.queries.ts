/** Types generated for queries found in "packages/db/src/contexts/erase-context-data.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'FindUsersContext' parameters type */
export interface IFindUsersContextParams {
  contextId: string;
  userId: string;
}

/** 'FindUsersContext' return type */
export interface IFindUsersContextResult {
  agent_id: string;
  created_at: Date;
  data_erased_at: Date | null;
  id: string;
}

/** 'FindUsersContext' query type */
export interface IFindUsersContextQuery {
  params: IFindUsersContextParams;
  result: IFindUsersContextResult;
}

const findUsersContextIR: any = {"usedParamSet":{"contextId":true,"userId":true},"params":[{"name":"contextId","required":true,"transform":{"type":"scalar"},"locs":[{"a":73,"b":83}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":99,"b":106}]}],"statement":"SELECT id, agent_id, created_at, data_erased_at FROM contexts WHERE id = :contextId! AND user_id = :userId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, agent_id, created_at, data_erased_at FROM contexts WHERE id = :contextId! AND user_id = :userId!
 * ```
 */
export const findUsersContext = new PreparedQuery<IFindUsersContextParams,IFindUsersContextResult>(findUsersContextIR);


