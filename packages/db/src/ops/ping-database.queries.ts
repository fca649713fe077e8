/** Types generated for queries found in "packages/db/src/ops/ping-database.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'SelectOne' parameters type */
export type ISelectOneParams = void;

/** 'SelectOne' return type */
export interface ISelectOneResult {
  one: number;
}

/** 'SelectOne' query type */
export interface ISelectOneQuery {
  params: ISelectOneParams;
  result: ISelectOneResult;
}

const selectOneIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT 1 AS \"one!\""};

/**
 * Query generated from SQL:
 * ```
 * SELECT 1 AS "one!"
 * ```
 */
export const selectOne = new PreparedQuery<ISelectOneParams,ISelectOneResult>(selectOneIR);


