/** Types generated for queries found in "packages/db/src/contexts/retry-context.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type Visibility = 'private' | 'public';

export type stringArray = (string)[];

/** 'FindContextToRetry' parameters type */
export interface IFindContextToRetryParams {
  contextId: string;
  onlyKeys?: stringArray | null | void;
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

const findContextToRetryIR: any = {"usedParamSet":{"contextId":true,"userId":true,"onlyVisibility":true,"onlyKeys":true},"params":[{"name":"contextId","required":true,"transform":{"type":"scalar"},"locs":[{"a":63,"b":73}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":91,"b":98}]},{"name":"onlyVisibility","required":false,"transform":{"type":"scalar"},"locs":[{"a":154,"b":168}]},{"name":"onlyKeys","required":false,"transform":{"type":"scalar"},"locs":[{"a":171,"b":179}]}],"statement":"SELECT c.id, c.retry_possible FROM contexts AS c\n WHERE c.id = :contextId! AND c.user_id = :userId!\n   AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)"};

/**
 * Query generated from SQL:
 * ```
 * SELECT c.id, c.retry_possible FROM contexts AS c
 *  WHERE c.id = :contextId! AND c.user_id = :userId!
 *    AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)
 * ```
 */
export const findContextToRetry = new PreparedQuery<IFindContextToRetryParams,IFindContextToRetryResult>(findContextToRetryIR);


