/** Types generated for queries found in "packages/db/src/contexts/retry-context.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type Visibility = 'private' | 'public';

/** 'FindContextToRetry' parameters type */
export interface IFindContextToRetryParams {
  contextId: string;
  onlyFamily?: string | null | void;
  onlyVisibility?: Visibility | null | void;
  userId: string;
}

/** 'FindContextToRetry' return type */
export interface IFindContextToRetryResult {
  id: string;
  retry_possible: boolean | null;
}

/** 'FindContextToRetry' query type */
export interface IFindContextToRetryQuery {
  params: IFindContextToRetryParams;
  result: IFindContextToRetryResult;
}

const findContextToRetryIR: any = {"usedParamSet":{"contextId":true,"userId":true,"onlyVisibility":true,"onlyFamily":true},"params":[{"name":"contextId","required":true,"transform":{"type":"scalar"},"locs":[{"a":63,"b":73}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":91,"b":98}]},{"name":"onlyVisibility","required":false,"transform":{"type":"scalar"},"locs":[{"a":157,"b":171}]},{"name":"onlyFamily","required":false,"transform":{"type":"scalar"},"locs":[{"a":174,"b":184}]}],"statement":"SELECT c.id, c.retry_possible FROM contexts AS c\n WHERE c.id = :contextId! AND c.user_id = :userId!\n   AND ctxlog_reader_sees(c.visibility, c.key_family_id, :onlyVisibility, :onlyFamily)"};

/**
 * Query generated from SQL:
 * ```
 * SELECT c.id, c.retry_possible FROM contexts AS c
 *  WHERE c.id = :contextId! AND c.user_id = :userId!
 *    AND ctxlog_reader_sees(c.visibility, c.key_family_id, :onlyVisibility, :onlyFamily)
 * ```
 */
export const findContextToRetry = new PreparedQuery<IFindContextToRetryParams,IFindContextToRetryResult>(findContextToRetryIR);


