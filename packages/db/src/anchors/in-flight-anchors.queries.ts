/** Types generated for queries found in "packages/db/src/anchors/in-flight-anchors.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type stringArray = (string)[];

/** 'InFlightPlacements' parameters type */
export interface IInFlightPlacementsParams {
  anchorIds: stringArray;
  ids: stringArray;
}

/** 'InFlightPlacements' return type */
export interface IInFlightPlacementsResult {
  id: string;
  leaf_index: number;
  proof: Buffer | null;
}

/** 'InFlightPlacements' query type */
export interface IInFlightPlacementsQuery {
  params: IInFlightPlacementsParams;
  result: IInFlightPlacementsResult;
}

const inFlightPlacementsIR: any = {"usedParamSet":{"anchorIds":true,"ids":true},"params":[{"name":"anchorIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":238,"b":248}]},{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":274,"b":278}]}],"statement":"SELECT b.id AS \"id!\", (b.n - 1)::int AS \"leaf_index!\",\n       ctxlog_merkle_proof(a.merkle_tree, a.context_count, (b.n - 1)::int) AS proof\n  FROM anchors AS a CROSS JOIN unnest(a.context_ids) WITH ORDINALITY AS b(id, n)\n WHERE a.id = ANY(:anchorIds!::text[]) AND b.id = ANY(:ids!::text[])"};

/**
 * Query generated from SQL:
 * ```
 * SELECT b.id AS "id!", (b.n - 1)::int AS "leaf_index!",
 *        ctxlog_merkle_proof(a.merkle_tree, a.context_count, (b.n - 1)::int) AS proof
 *   FROM anchors AS a CROSS JOIN unnest(a.context_ids) WITH ORDINALITY AS b(id, n)
 *  WHERE a.id = ANY(:anchorIds!::text[]) AND b.id = ANY(:ids!::text[])
 * ```
 */
export const inFlightPlacements = new PreparedQuery<IInFlightPlacementsParams,IInFlightPlacementsResult>(inFlightPlacementsIR);


