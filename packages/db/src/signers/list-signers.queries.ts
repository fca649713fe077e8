/** Types generated for queries found in "packages/db/src/signers/list-signers.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'SignersPage' parameters type */
export interface ISignersPageParams {
  afterAddress?: string | null | void;
  afterKind?: string | null | void;
  afterValidFrom?: DateOrString | null | void;
  limit: NumberOrString;
}

/** 'SignersPage' return type */
export interface ISignersPageResult {
  address: string;
  kind: string;
  last_seen_at: Date;
  valid_from: Date;
  valid_until: Date | null;
}

/** 'SignersPage' query type */
export interface ISignersPageQuery {
  params: ISignersPageParams;
  result: ISignersPageResult;
}

const signersPageIR: any = {"usedParamSet":{"afterValidFrom":true,"afterAddress":true,"afterKind":true,"limit":true},"params":[{"name":"afterValidFrom","required":false,"transform":{"type":"scalar"},"locs":[{"a":177,"b":191},{"a":234,"b":248},{"a":271,"b":285},{"a":337,"b":351}]},{"name":"afterAddress","required":false,"transform":{"type":"scalar"},"locs":[{"a":301,"b":313},{"a":367,"b":379}]},{"name":"afterKind","required":false,"transform":{"type":"scalar"},"locs":[{"a":392,"b":401}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":452,"b":458}]}],"statement":"-- newest period first, then by address and kind; a page starts after the position it is given\nSELECT address, kind, valid_from, last_seen_at, valid_until\n  FROM signers\n WHERE :afterValidFrom::timestamptz IS NULL\n    OR valid_from < :afterValidFrom\n    OR (valid_from = :afterValidFrom AND address > :afterAddress)\n    OR (valid_from = :afterValidFrom AND address = :afterAddress AND kind > :afterKind)\n ORDER BY valid_from DESC, address, kind\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * -- newest period first, then by address and kind; a page starts after the position it is given
 * SELECT address, kind, valid_from, last_seen_at, valid_until
 *   FROM signers
 *  WHERE :afterValidFrom::timestamptz IS NULL
 *     OR valid_from < :afterValidFrom
 *     OR (valid_from = :afterValidFrom AND address > :afterAddress)
 *     OR (valid_from = :afterValidFrom AND address = :afterAddress AND kind > :afterKind)
 *  ORDER BY valid_from DESC, address, kind
 *  LIMIT :limit!
 * ```
 */
export const signersPage = new PreparedQuery<ISignersPageParams,ISignersPageResult>(signersPageIR);


/** 'AllSignersOf' parameters type */
export type IAllSignersOfParams = void;

/** 'AllSignersOf' return type */
export interface IAllSignersOfResult {
  address: string;
  kind: string;
  last_seen_at: Date;
  valid_from: Date;
  valid_until: Date | null;
}

/** 'AllSignersOf' query type */
export interface IAllSignersOfQuery {
  params: IAllSignersOfParams;
  result: IAllSignersOfResult;
}

const allSignersOfIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT address, kind, valid_from, last_seen_at, valid_until\n  FROM signers\n ORDER BY valid_from DESC, address"};

/**
 * Query generated from SQL:
 * ```
 * SELECT address, kind, valid_from, last_seen_at, valid_until
 *   FROM signers
 *  ORDER BY valid_from DESC, address
 * ```
 */
export const allSignersOf = new PreparedQuery<IAllSignersOfParams,IAllSignersOfResult>(allSignersOfIR);


