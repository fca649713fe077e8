/** Types generated for queries found in "packages/db/src/testing/anchor-of-context.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type AnchorStatus = 'confirmed' | 'failed' | 'mined' | 'queued' | 'sent';

export type AnchorStatusArray = (AnchorStatus)[];

/** 'AnchorIdHolding' parameters type */
export interface IAnchorIdHoldingParams {
  id: string;
  inFlight: AnchorStatusArray;
}

/** 'AnchorIdHolding' return type */
export interface IAnchorIdHoldingResult {
  id: string | null;
}

/** 'AnchorIdHolding' query type */
export interface IAnchorIdHoldingQuery {
  params: IAnchorIdHoldingParams;
  result: IAnchorIdHoldingResult;
}

const anchorIdHoldingIR: any = {"usedParamSet":{"id":true,"inFlight":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":178,"b":181},{"a":237,"b":240},{"a":373,"b":376}]},{"name":"inFlight","required":true,"transform":{"type":"scalar"},"locs":[{"a":316,"b":325}]}],"statement":"-- the batch it was confirmed in, else its row's (failed in), else the one in flight that lists it\nSELECT COALESCE(\n         (SELECT anchor_id FROM confirmed_contexts WHERE id = :id!),\n         (SELECT anchor_id FROM contexts WHERE id = :id!),\n         (SELECT a.id FROM anchors AS a\n           WHERE a.status = ANY(:inFlight!::\"AnchorStatus\"[]) AND a.context_ids @> ARRAY[:id!]::text[]\n           LIMIT 1)) AS id"};

/**
 * Query generated from SQL:
 * ```
 * -- the batch it was confirmed in, else its row's (failed in), else the one in flight that lists it
 * SELECT COALESCE(
 *          (SELECT anchor_id FROM confirmed_contexts WHERE id = :id!),
 *          (SELECT anchor_id FROM contexts WHERE id = :id!),
 *          (SELECT a.id FROM anchors AS a
 *            WHERE a.status = ANY(:inFlight!::"AnchorStatus"[]) AND a.context_ids @> ARRAY[:id!]::text[]
 *            LIMIT 1)) AS id
 * ```
 */
export const anchorIdHolding = new PreparedQuery<IAnchorIdHoldingParams,IAnchorIdHoldingResult>(anchorIdHoldingIR);


