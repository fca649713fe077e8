/** Types generated for queries found in "packages/db/src/anchors/context-batches.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type AnchorStatus = 'confirmed' | 'failed' | 'mined' | 'queued' | 'sent';

export type ContextStatus = 'confirmed' | 'failed' | 'pending';

export type AnchorStatusArray = (AnchorStatus)[];

export type stringArray = (string)[];

/** 'PlacementsOf' parameters type */
export interface IPlacementsOfParams {
  ids: stringArray;
  withProofs: boolean;
}

/** 'PlacementsOf' return type */
export interface IPlacementsOfResult {
  anchor_id: string;
  id: string;
  leaf_index: number;
  log_index: string | null;
  proof: Buffer | null;
  status: ContextStatus;
}

/** 'PlacementsOf' query type */
export interface IPlacementsOfQuery {
  params: IPlacementsOfParams;
  result: IPlacementsOfResult;
}

const placementsOfIR: any = {"usedParamSet":{"withProofs":true,"ids":true},"params":[{"name":"withProofs","required":true,"transform":{"type":"scalar"},"locs":[{"a":112,"b":123}]},{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":490,"b":494}]}],"statement":"SELECT c.id, s.status AS \"status!\", m.anchor_id, m.leaf_index, l.log_index::text AS log_index,\n       CASE WHEN :withProofs!::boolean\n            THEN ctxlog_anchor_proof(a.merkle_tree, a.context_count, a.tree_size, m.leaf_index) END AS proof\n  FROM contexts AS c\n CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s\n  LEFT JOIN confirmed_contexts AS m ON m.id = c.id\n  LEFT JOIN anchors AS a ON a.id = m.anchor_id\n  LEFT JOIN tlog_leaves AS l ON l.id = c.id\n WHERE c.id = ANY(:ids!::text[])"};

/**
 * Query generated from SQL:
 * ```
 * SELECT c.id, s.status AS "status!", m.anchor_id, m.leaf_index, l.log_index::text AS log_index,
 *        CASE WHEN :withProofs!::boolean
 *             THEN ctxlog_anchor_proof(a.merkle_tree, a.context_count, a.tree_size, m.leaf_index) END AS proof
 *   FROM contexts AS c
 *  CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
 *   LEFT JOIN confirmed_contexts AS m ON m.id = c.id
 *   LEFT JOIN anchors AS a ON a.id = m.anchor_id
 *   LEFT JOIN tlog_leaves AS l ON l.id = c.id
 *  WHERE c.id = ANY(:ids!::text[])
 * ```
 */
export const placementsOf = new PreparedQuery<IPlacementsOfParams,IPlacementsOfResult>(placementsOfIR);


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


