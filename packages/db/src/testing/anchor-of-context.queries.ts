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

const anchorIdHoldingIR: any = {"usedParamSet":{"id":true,"inFlight":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":222,"b":225},{"a":281,"b":284},{"a":417,"b":420}]},{"name":"inFlight","required":true,"transform":{"type":"scalar"},"locs":[{"a":360,"b":369}]}],"statement":"-- the batch it was confirmed in, else its row's (failed in), else the one in flight that lists it\nSELECT COALESCE(\n         (SELECT a.id FROM confirmed_contexts AS m JOIN anchors AS a ON a.ref = m.anchor_ref WHERE m.id = :id!),\n         (SELECT anchor_id FROM contexts WHERE id = :id!),\n         (SELECT a.id FROM anchors AS a\n           WHERE a.status = ANY(:inFlight!::\"AnchorStatus\"[]) AND a.context_ids @> ARRAY[:id!]::text[]\n           LIMIT 1)) AS id"};

/**
 * Query generated from SQL:
 * ```
 * -- the batch it was confirmed in, else its row's (failed in), else the one in flight that lists it
 * SELECT COALESCE(
 *          (SELECT a.id FROM confirmed_contexts AS m JOIN anchors AS a ON a.ref = m.anchor_ref WHERE m.id = :id!),
 *          (SELECT anchor_id FROM contexts WHERE id = :id!),
 *          (SELECT a.id FROM anchors AS a
 *            WHERE a.status = ANY(:inFlight!::"AnchorStatus"[]) AND a.context_ids @> ARRAY[:id!]::text[]
 *            LIMIT 1)) AS id
 * ```
 */
export const anchorIdHolding = new PreparedQuery<IAnchorIdHoldingParams,IAnchorIdHoldingResult>(anchorIdHoldingIR);


