/** Types generated for queries found in "packages/db/src/signers/current-anchor-key.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'CurrentAnchorKeyOf' parameters type */
export type ICurrentAnchorKeyOfParams = void;

/** 'CurrentAnchorKeyOf' return type */
export interface ICurrentAnchorKeyOfResult {
  address: string;
}

/** 'CurrentAnchorKeyOf' query type */
export interface ICurrentAnchorKeyOfQuery {
  params: ICurrentAnchorKeyOfParams;
  result: ICurrentAnchorKeyOfResult;
}

const currentAnchorKeyOfIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT address FROM signers\n WHERE kind = 'anchor' AND valid_until IS NULL\n ORDER BY last_seen_at DESC\n LIMIT 1"};

/**
 * Query generated from SQL:
 * ```
 * SELECT address FROM signers
 *  WHERE kind = 'anchor' AND valid_until IS NULL
 *  ORDER BY last_seen_at DESC
 *  LIMIT 1
 * ```
 */
export const currentAnchorKeyOf = new PreparedQuery<ICurrentAnchorKeyOfParams,ICurrentAnchorKeyOfResult>(currentAnchorKeyOfIR);


