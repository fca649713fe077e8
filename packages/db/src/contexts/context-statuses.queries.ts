/** Types generated for queries found in "packages/db/src/contexts/context-statuses.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type ContextStatus = 'confirmed' | 'failed' | 'pending';

export type stringArray = (string)[];

/** 'ContextStatesOf' parameters type */
export interface IContextStatesOfParams {
  ids: stringArray;
}

/** 'ContextStatesOf' return type */
export interface IContextStatesOfResult {
  anchorId: string | null;
  id: string;
  status: ContextStatus;
}

/** 'ContextStatesOf' query type */
export interface IContextStatesOfQuery {
  params: IContextStatesOfParams;
  result: IContextStatesOfResult;
}

const contextStatesOfIR: any = {"usedParamSet":{"ids":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":366,"b":370}]}],"statement":"-- its batch: the one it was confirmed in (by ref), else the one its row failed in\nSELECT c.id, s.status AS \"status!\", COALESCE(a.id, c.anchor_id) AS \"anchorId\"\n  FROM contexts AS c\n CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s\n  LEFT JOIN confirmed_contexts AS m ON m.id = c.id\n  LEFT JOIN anchors AS a ON a.ref = m.anchor_ref\n WHERE c.id = ANY(:ids!::text[])\n ORDER BY c.id"};

/**
 * Query generated from SQL:
 * ```
 * -- its batch: the one it was confirmed in (by ref), else the one its row failed in
 * SELECT c.id, s.status AS "status!", COALESCE(a.id, c.anchor_id) AS "anchorId"
 *   FROM contexts AS c
 *  CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
 *   LEFT JOIN confirmed_contexts AS m ON m.id = c.id
 *   LEFT JOIN anchors AS a ON a.ref = m.anchor_ref
 *  WHERE c.id = ANY(:ids!::text[])
 *  ORDER BY c.id
 * ```
 */
export const contextStatesOf = new PreparedQuery<IContextStatesOfParams,IContextStatesOfResult>(contextStatesOfIR);


