/** Types generated for queries found in "packages/db/src/api-keys/record-api-key-use.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

/** 'SetKeyLastUsed' parameters type */
export interface ISetKeyLastUsedParams {
  keyId: string;
  now: DateOrString;
  usedBefore: DateOrString;
}

/** 'SetKeyLastUsed' return type */
export type ISetKeyLastUsedResult = void;

/** 'SetKeyLastUsed' query type */
export interface ISetKeyLastUsedQuery {
  params: ISetKeyLastUsedParams;
  result: ISetKeyLastUsedResult;
}

const setKeyLastUsedIR: any = {"usedParamSet":{"now":true,"keyId":true,"usedBefore":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":35,"b":39}]},{"name":"keyId","required":true,"transform":{"type":"scalar"},"locs":[{"a":53,"b":59}]},{"name":"usedBefore","required":true,"transform":{"type":"scalar"},"locs":[{"a":105,"b":116}]}],"statement":"UPDATE api_keys SET last_used_at = :now!\n WHERE id = :keyId! AND (last_used_at IS NULL OR last_used_at < :usedBefore!)"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE api_keys SET last_used_at = :now!
 *  WHERE id = :keyId! AND (last_used_at IS NULL OR last_used_at < :usedBefore!)
 * ```
 */
export const setKeyLastUsed = new PreparedQuery<ISetKeyLastUsedParams,ISetKeyLastUsedResult>(setKeyLastUsedIR);


