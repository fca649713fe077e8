/** Types generated for queries found in "packages/db/src/events/lock-timeout.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'SetLocalLockTimeout' parameters type */
export interface ISetLocalLockTimeoutParams {
  ms: number;
}

/** 'SetLocalLockTimeout' return type */
export interface ISetLocalLockTimeoutResult {
  lock_timeout: string;
}

/** 'SetLocalLockTimeout' query type */
export interface ISetLocalLockTimeoutQuery {
  params: ISetLocalLockTimeoutParams;
  result: ISetLocalLockTimeoutResult;
}

const setLocalLockTimeoutIR: any = {"usedParamSet":{"ms":true},"params":[{"name":"ms","required":true,"transform":{"type":"scalar"},"locs":[{"a":132,"b":135}]}],"statement":"-- SET LOCAL lock_timeout: how long the transaction's statements wait for a lock, in milliseconds\nSELECT set_config('lock_timeout', :ms!::int::text, true) AS \"lock_timeout!\""};

/**
 * Query generated from SQL:
 * ```
 * -- SET LOCAL lock_timeout: how long the transaction's statements wait for a lock, in milliseconds
 * SELECT set_config('lock_timeout', :ms!::int::text, true) AS "lock_timeout!"
 * ```
 */
export const setLocalLockTimeout = new PreparedQuery<ISetLocalLockTimeoutParams,ISetLocalLockTimeoutResult>(setLocalLockTimeoutIR);


