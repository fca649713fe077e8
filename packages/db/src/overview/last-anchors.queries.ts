/** Types generated for queries found in "packages/db/src/overview/last-anchors.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'LastEndedAnchors' parameters type */
export type ILastEndedAnchorsParams = void;

/** 'LastEndedAnchors' return type */
export interface ILastEndedAnchorsResult {
  confirmed_at: Date | null;
  failed_at: Date | null;
  failure_reason: string | null;
}

/** 'LastEndedAnchors' query type */
export interface ILastEndedAnchorsQuery {
  params: ILastEndedAnchorsParams;
  result: ILastEndedAnchorsResult;
}

const lastEndedAnchorsIR: any = {"usedParamSet":{},"params":[],"statement":"-- the newest confirmed batch: the primary key read backwards (ids are time-ordered) stops at the\n-- first confirmed one, a few in-flight rows in; the newest failed one from anchors (status,\n-- signer, created_at): failed batches are few, so sorting them is cheap\nSELECT (SELECT confirmed_at FROM anchors WHERE status = 'confirmed' ORDER BY id DESC LIMIT 1) AS confirmed_at,\n       f.failed_at, f.failure_reason\n  FROM (SELECT 1) AS one\n  LEFT JOIN LATERAL (\n    SELECT failed_at, failure_reason FROM anchors WHERE status = 'failed' ORDER BY created_at DESC LIMIT 1\n  ) AS f ON true"};

/**
 * Query generated from SQL:
 * ```
 * -- the newest confirmed batch: the primary key read backwards (ids are time-ordered) stops at the
 * -- first confirmed one, a few in-flight rows in; the newest failed one from anchors (status,
 * -- signer, created_at): failed batches are few, so sorting them is cheap
 * SELECT (SELECT confirmed_at FROM anchors WHERE status = 'confirmed' ORDER BY id DESC LIMIT 1) AS confirmed_at,
 *        f.failed_at, f.failure_reason
 *   FROM (SELECT 1) AS one
 *   LEFT JOIN LATERAL (
 *     SELECT failed_at, failure_reason FROM anchors WHERE status = 'failed' ORDER BY created_at DESC LIMIT 1
 *   ) AS f ON true
 * ```
 */
export const lastEndedAnchors = new PreparedQuery<ILastEndedAnchorsParams,ILastEndedAnchorsResult>(lastEndedAnchorsIR);


