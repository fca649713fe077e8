/** Types generated for queries found in "packages/db/src/verifications/log-placement.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type NumberOrString = number | string;

/** 'LogPlacement' parameters type */
export interface ILogPlacementParams {
  id: string;
  treeSize: NumberOrString;
}

/** 'LogPlacement' return type */
export interface ILogPlacementResult {
  leafIndex: string;
  proof: Buffer;
}

/** 'LogPlacement' query type */
export interface ILogPlacementQuery {
  params: ILogPlacementParams;
  result: ILogPlacementResult;
}

const logPlacementIR: any = {"usedParamSet":{"treeSize":true,"id":true},"params":[{"name":"treeSize","required":true,"transform":{"type":"scalar"},"locs":[{"a":331,"b":340},{"a":424,"b":433}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":401,"b":404}]}],"statement":"-- A context's log index and its RFC 6962 inclusion proof (ctxlog_log_proof, out of the log's\n-- tiles) in the log's tree of the given size, when the log holds it below that size: known as\n-- soon as it is sequenced, before the tree head anchoring it is confirmed.\nSELECT l.log_index AS \"leafIndex!\", ctxlog_log_proof(l.log_index, :treeSize!::bigint) AS \"proof!\"\n  FROM tlog_leaves AS l\n WHERE l.id = :id! AND l.log_index < :treeSize!::bigint"};

/**
 * Query generated from SQL:
 * ```
 * -- A context's log index and its RFC 6962 inclusion proof (ctxlog_log_proof, out of the log's
 * -- tiles) in the log's tree of the given size, when the log holds it below that size: known as
 * -- soon as it is sequenced, before the tree head anchoring it is confirmed.
 * SELECT l.log_index AS "leafIndex!", ctxlog_log_proof(l.log_index, :treeSize!::bigint) AS "proof!"
 *   FROM tlog_leaves AS l
 *  WHERE l.id = :id! AND l.log_index < :treeSize!::bigint
 * ```
 */
export const logPlacement = new PreparedQuery<ILogPlacementParams,ILogPlacementResult>(logPlacementIR);


