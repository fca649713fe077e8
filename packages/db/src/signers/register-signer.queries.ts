/** Types generated for queries found in "packages/db/src/signers/register-signer.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

/** 'RegisterSignerOf' parameters type */
export interface IRegisterSignerOfParams {
  address: string;
  kind: string;
  now: DateOrString;
  startedAt: DateOrString;
}

/** 'RegisterSignerOf' return type */
export type IRegisterSignerOfResult = void;

/** 'RegisterSignerOf' query type */
export interface IRegisterSignerOfQuery {
  params: IRegisterSignerOfParams;
  result: IRegisterSignerOfResult;
}

const registerSignerOfIR: any = {"usedParamSet":{"address":true,"kind":true,"startedAt":true,"now":true},"params":[{"name":"address","required":true,"transform":{"type":"scalar"},"locs":[{"a":70,"b":78}]},{"name":"kind","required":true,"transform":{"type":"scalar"},"locs":[{"a":81,"b":86}]},{"name":"startedAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":89,"b":99}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":102,"b":106}]}],"statement":"INSERT INTO signers (address, kind, valid_from, last_seen_at)\nVALUES (:address!, :kind!, :startedAt!, :now!)\nON CONFLICT (address, kind) DO UPDATE SET\n  valid_from = LEAST(signers.valid_from, EXCLUDED.valid_from),\n  last_seen_at = GREATEST(signers.last_seen_at, EXCLUDED.last_seen_at),\n  valid_until = NULL"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO signers (address, kind, valid_from, last_seen_at)
 * VALUES (:address!, :kind!, :startedAt!, :now!)
 * ON CONFLICT (address, kind) DO UPDATE SET
 *   valid_from = LEAST(signers.valid_from, EXCLUDED.valid_from),
 *   last_seen_at = GREATEST(signers.last_seen_at, EXCLUDED.last_seen_at),
 *   valid_until = NULL
 * ```
 */
export const registerSignerOf = new PreparedQuery<IRegisterSignerOfParams,IRegisterSignerOfResult>(registerSignerOfIR);


/** 'RetireStaleSignersOf' parameters type */
export interface IRetireStaleSignersOfParams {
  current: string;
  heartbeatSeconds: number;
  staleBefore: DateOrString;
}

/** 'RetireStaleSignersOf' return type */
export interface IRetireStaleSignersOfResult {
  address: string;
}

/** 'RetireStaleSignersOf' query type */
export interface IRetireStaleSignersOfQuery {
  params: IRetireStaleSignersOfParams;
  result: IRetireStaleSignersOfResult;
}

const retireStaleSignersOfIR: any = {"usedParamSet":{"heartbeatSeconds":true,"current":true,"staleBefore":true},"params":[{"name":"heartbeatSeconds","required":true,"transform":{"type":"scalar"},"locs":[{"a":70,"b":87}]},{"name":"current","required":true,"transform":{"type":"scalar"},"locs":[{"a":165,"b":173}]},{"name":"staleBefore","required":true,"transform":{"type":"scalar"},"locs":[{"a":197,"b":209}]}],"statement":"UPDATE signers SET valid_until = last_seen_at + make_interval(secs => :heartbeatSeconds!::float8)\n WHERE kind = 'attestation' AND valid_until IS NULL AND address <> :current!\n   AND last_seen_at < :staleBefore!\nRETURNING address"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE signers SET valid_until = last_seen_at + make_interval(secs => :heartbeatSeconds!::float8)
 *  WHERE kind = 'attestation' AND valid_until IS NULL AND address <> :current!
 *    AND last_seen_at < :staleBefore!
 * RETURNING address
 * ```
 */
export const retireStaleSignersOf = new PreparedQuery<IRetireStaleSignersOfParams,IRetireStaleSignersOfResult>(retireStaleSignersOfIR);


