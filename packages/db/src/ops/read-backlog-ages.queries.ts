/** Types generated for queries found in "packages/db/src/ops/read-backlog-ages.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type AnchorStatus = 'confirmed' | 'failed' | 'mined' | 'queued' | 'sent';

export type AnchorStatusArray = (AnchorStatus)[];

/** 'OldestPendingContext' parameters type */
export type IOldestPendingContextParams = void;

/** 'OldestPendingContext' return type */
export interface IOldestPendingContextResult {
  created_at: Date;
}

/** 'OldestPendingContext' query type */
export interface IOldestPendingContextQuery {
  params: IOldestPendingContextParams;
  result: IOldestPendingContextResult;
}

const oldestPendingContextIR: any = {"usedParamSet":{},"params":[],"statement":"-- the head of the queue: ids are minted at receipt, in time order\nSELECT c.created_at\n  FROM pending_contexts AS q JOIN contexts AS c ON c.id = q.id\n ORDER BY q.id\n LIMIT 1"};

/**
 * Query generated from SQL:
 * ```
 * -- the head of the queue: ids are minted at receipt, in time order
 * SELECT c.created_at
 *   FROM pending_contexts AS q JOIN contexts AS c ON c.id = q.id
 *  ORDER BY q.id
 *  LIMIT 1
 * ```
 */
export const oldestPendingContext = new PreparedQuery<IOldestPendingContextParams,IOldestPendingContextResult>(oldestPendingContextIR);


/** 'OldestAnchorIn' parameters type */
export interface IOldestAnchorInParams {
  statuses: AnchorStatusArray;
}

/** 'OldestAnchorIn' return type */
export interface IOldestAnchorInResult {
  created_at: Date | null;
}

/** 'OldestAnchorIn' query type */
export interface IOldestAnchorInQuery {
  params: IOldestAnchorInParams;
  result: IOldestAnchorInResult;
}

const oldestAnchorInIR: any = {"usedParamSet":{"statuses":true},"params":[{"name":"statuses","required":true,"transform":{"type":"scalar"},"locs":[{"a":161,"b":170}]}],"statement":"-- anchors (status, signer, created_at) answers it from the index's head for each status\nSELECT min(created_at) AS created_at\n  FROM anchors\n WHERE status = ANY(:statuses!::\"AnchorStatus\"[])"};

/**
 * Query generated from SQL:
 * ```
 * -- anchors (status, signer, created_at) answers it from the index's head for each status
 * SELECT min(created_at) AS created_at
 *   FROM anchors
 *  WHERE status = ANY(:statuses!::"AnchorStatus"[])
 * ```
 */
export const oldestAnchorIn = new PreparedQuery<IOldestAnchorInParams,IOldestAnchorInResult>(oldestAnchorInIR);


