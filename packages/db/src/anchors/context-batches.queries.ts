/** Types generated for queries found in "packages/db/src/anchors/context-batches.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type ContextStatus = 'confirmed' | 'failed' | 'pending';

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

const placementsOfIR: any = {"usedParamSet":{"withProofs":true,"ids":true},"params":[{"name":"withProofs","required":true,"transform":{"type":"scalar"},"locs":[{"a":170,"b":181}]},{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":550,"b":554}]}],"statement":"SELECT c.id, s.status AS \"status!\", a.id AS anchor_id, m.leaf_index,\n       ctxlog_log_index(l.log_index, a.tree_size, m.leaf_index)::text AS log_index,\n       CASE WHEN :withProofs!::boolean\n            THEN ctxlog_anchor_proof(a.merkle_tree, a.context_count, a.tree_size, m.leaf_index) END AS proof\n  FROM contexts AS c\n CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s\n  LEFT JOIN confirmed_contexts AS m ON m.id = c.id\n  LEFT JOIN anchors AS a ON a.ref = m.anchor_ref\n  LEFT JOIN tlog_leaves AS l ON l.id = c.id\n WHERE c.id = ANY(:ids!::text[])"};

/**
 * Query generated from SQL:
 * ```
 * SELECT c.id, s.status AS "status!", a.id AS anchor_id, m.leaf_index,
 *        ctxlog_log_index(l.log_index, a.tree_size, m.leaf_index)::text AS log_index,
 *        CASE WHEN :withProofs!::boolean
 *             THEN ctxlog_anchor_proof(a.merkle_tree, a.context_count, a.tree_size, m.leaf_index) END AS proof
 *   FROM contexts AS c
 *  CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
 *   LEFT JOIN confirmed_contexts AS m ON m.id = c.id
 *   LEFT JOIN anchors AS a ON a.ref = m.anchor_ref
 *   LEFT JOIN tlog_leaves AS l ON l.id = c.id
 *  WHERE c.id = ANY(:ids!::text[])
 * ```
 */
export const placementsOf = new PreparedQuery<IPlacementsOfParams,IPlacementsOfResult>(placementsOfIR);


