/** Types generated for queries found in "packages/db/src/signers/fold-signers.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'FoldAnchorSignersOf' parameters type */
export interface IFoldAnchorSignersOfParams {
  address?: string | null | void;
}

/** 'FoldAnchorSignersOf' return type */
export interface IFoldAnchorSignersOfResult {
  address: string;
}

/** 'FoldAnchorSignersOf' query type */
export interface IFoldAnchorSignersOfQuery {
  params: IFoldAnchorSignersOfParams;
  result: IFoldAnchorSignersOfResult;
}

const foldAnchorSignersOfIR: any = {"usedParamSet":{"address":true},"params":[{"name":"address","required":false,"transform":{"type":"scalar"},"locs":[{"a":151,"b":158},{"a":194,"b":201}]}],"statement":"INSERT INTO signers (address, kind, valid_from, last_seen_at)\nSELECT signer_address, 'anchor', min(created_at), max(created_at)\n  FROM anchors\n WHERE (:address::text IS NULL OR signer_address = :address)\n GROUP BY signer_address\nON CONFLICT (address, kind) DO UPDATE SET\n  valid_from = LEAST(signers.valid_from, EXCLUDED.valid_from),\n  last_seen_at = GREATEST(signers.last_seen_at, EXCLUDED.last_seen_at)\nRETURNING address"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO signers (address, kind, valid_from, last_seen_at)
 * SELECT signer_address, 'anchor', min(created_at), max(created_at)
 *   FROM anchors
 *  WHERE (:address::text IS NULL OR signer_address = :address)
 *  GROUP BY signer_address
 * ON CONFLICT (address, kind) DO UPDATE SET
 *   valid_from = LEAST(signers.valid_from, EXCLUDED.valid_from),
 *   last_seen_at = GREATEST(signers.last_seen_at, EXCLUDED.last_seen_at)
 * RETURNING address
 * ```
 */
export const foldAnchorSignersOf = new PreparedQuery<IFoldAnchorSignersOfParams,IFoldAnchorSignersOfResult>(foldAnchorSignersOfIR);


/** 'CloseEarlierAnchorKeys' parameters type */
export type ICloseEarlierAnchorKeysParams = void;

/** 'CloseEarlierAnchorKeys' return type */
export type ICloseEarlierAnchorKeysResult = void;

/** 'CloseEarlierAnchorKeys' query type */
export interface ICloseEarlierAnchorKeysQuery {
  params: ICloseEarlierAnchorKeysParams;
  result: ICloseEarlierAnchorKeysResult;
}

const closeEarlierAnchorKeysIR: any = {"usedParamSet":{},"params":[],"statement":"-- the latest anchor key is in use; one another key has anchored after has ended its period\nUPDATE signers AS s SET valid_until = CASE WHEN EXISTS (\n    SELECT 1 FROM signers AS o WHERE o.kind = 'anchor' AND o.address <> s.address\n       AND o.last_seen_at > s.last_seen_at) THEN s.last_seen_at END\n WHERE s.kind = 'anchor'"};

/**
 * Query generated from SQL:
 * ```
 * -- the latest anchor key is in use; one another key has anchored after has ended its period
 * UPDATE signers AS s SET valid_until = CASE WHEN EXISTS (
 *     SELECT 1 FROM signers AS o WHERE o.kind = 'anchor' AND o.address <> s.address
 *        AND o.last_seen_at > s.last_seen_at) THEN s.last_seen_at END
 *  WHERE s.kind = 'anchor'
 * ```
 */
export const closeEarlierAnchorKeys = new PreparedQuery<ICloseEarlierAnchorKeysParams,ICloseEarlierAnchorKeysResult>(closeEarlierAnchorKeysIR);


