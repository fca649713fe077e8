/** Types generated for queries found in "packages/db/src/chain-identity/anchoring-health.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

/** 'SaveAnchoringHealthOf' parameters type */
export interface ISaveAnchoringHealthOfParams {
  lastError?: string | null | void;
  lastErrorAt?: DateOrString | null | void;
  network: string;
  oldestPendingAt?: DateOrString | null | void;
  state: string;
  thresholdSeconds: number;
}

/** 'SaveAnchoringHealthOf' return type */
export type ISaveAnchoringHealthOfResult = void;

/** 'SaveAnchoringHealthOf' query type */
export interface ISaveAnchoringHealthOfQuery {
  params: ISaveAnchoringHealthOfParams;
  result: ISaveAnchoringHealthOfResult;
}

const saveAnchoringHealthOfIR: any = {"usedParamSet":{"network":true,"state":true,"lastError":true,"lastErrorAt":true,"oldestPendingAt":true,"thresholdSeconds":true},"params":[{"name":"network","required":true,"transform":{"type":"scalar"},"locs":[{"a":133,"b":141}]},{"name":"state","required":true,"transform":{"type":"scalar"},"locs":[{"a":144,"b":150}]},{"name":"lastError","required":false,"transform":{"type":"scalar"},"locs":[{"a":153,"b":162}]},{"name":"lastErrorAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":165,"b":176}]},{"name":"oldestPendingAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":179,"b":194}]},{"name":"thresholdSeconds","required":true,"transform":{"type":"scalar"},"locs":[{"a":197,"b":214}]}],"statement":"INSERT INTO anchoring_health (network, state, last_error, last_error_at, oldest_pending_at,\n  threshold_seconds, updated_at)\nVALUES (:network!, :state!, :lastError, :lastErrorAt, :oldestPendingAt, :thresholdSeconds!, now())\nON CONFLICT (network) DO UPDATE SET\n  state = EXCLUDED.state, last_error = EXCLUDED.last_error, last_error_at = EXCLUDED.last_error_at,\n  oldest_pending_at = EXCLUDED.oldest_pending_at, threshold_seconds = EXCLUDED.threshold_seconds,\n  updated_at = now()"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO anchoring_health (network, state, last_error, last_error_at, oldest_pending_at,
 *   threshold_seconds, updated_at)
 * VALUES (:network!, :state!, :lastError, :lastErrorAt, :oldestPendingAt, :thresholdSeconds!, now())
 * ON CONFLICT (network) DO UPDATE SET
 *   state = EXCLUDED.state, last_error = EXCLUDED.last_error, last_error_at = EXCLUDED.last_error_at,
 *   oldest_pending_at = EXCLUDED.oldest_pending_at, threshold_seconds = EXCLUDED.threshold_seconds,
 *   updated_at = now()
 * ```
 */
export const saveAnchoringHealthOf = new PreparedQuery<ISaveAnchoringHealthOfParams,ISaveAnchoringHealthOfResult>(saveAnchoringHealthOfIR);


/** 'AnchoringHealthOf' parameters type */
export interface IAnchoringHealthOfParams {
  network: string;
}

/** 'AnchoringHealthOf' return type */
export interface IAnchoringHealthOfResult {
  last_error: string | null;
  last_error_at: Date | null;
  network: string;
  oldest_pending_at: Date | null;
  state: string;
  threshold_seconds: number;
  updated_at: Date;
}

/** 'AnchoringHealthOf' query type */
export interface IAnchoringHealthOfQuery {
  params: IAnchoringHealthOfParams;
  result: IAnchoringHealthOfResult;
}

const anchoringHealthOfIR: any = {"usedParamSet":{"network":true},"params":[{"name":"network","required":true,"transform":{"type":"scalar"},"locs":[{"a":140,"b":148}]}],"statement":"SELECT network, state, last_error, last_error_at, oldest_pending_at, threshold_seconds, updated_at\n  FROM anchoring_health\n WHERE network = :network!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT network, state, last_error, last_error_at, oldest_pending_at, threshold_seconds, updated_at
 *   FROM anchoring_health
 *  WHERE network = :network!
 * ```
 */
export const anchoringHealthOf = new PreparedQuery<IAnchoringHealthOfParams,IAnchoringHealthOfResult>(anchoringHealthOfIR);


