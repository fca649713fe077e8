/** Types generated for queries found in "packages/db/src/data-steps/anchor-trees.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type AnchorStatus = 'confirmed' | 'failed' | 'mined' | 'queued' | 'sent';

export type AnchorStatusArray = (AnchorStatus)[];

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'AnchorLeavesWithoutTree' parameters type */
export interface IAnchorLeavesWithoutTreeParams {
  after: string;
  limit: NumberOrString;
  statuses: AnchorStatusArray;
}

/** 'AnchorLeavesWithoutTree' return type */
export interface IAnchorLeavesWithoutTreeResult {
  context_count: number;
  id: string;
  leaves: stringArray;
  merkle_root: string | null;
}

/** 'AnchorLeavesWithoutTree' query type */
export interface IAnchorLeavesWithoutTreeQuery {
  params: IAnchorLeavesWithoutTreeParams;
  result: IAnchorLeavesWithoutTreeResult;
}

const anchorLeavesWithoutTreeIR: any = {"usedParamSet":{"statuses":true,"after":true,"limit":true},"params":[{"name":"statuses","required":true,"transform":{"type":"scalar"},"locs":[{"a":833,"b":842}]},{"name":"after","required":true,"transform":{"type":"scalar"},"locs":[{"a":874,"b":880}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":919,"b":925}]}],"statement":"-- schema: 20261129120744_context_status_defined (its step runs right after it: docs/sql.md)\n-- This step runs at its own migration's schema, where merkle_root is the 0x-hex text the service\n-- wrote; migration 20261130031500_anchor_hashes_as_bytes stores it as bytes later, whose ::text is\n-- \\x and the same 64 hex digits. So the root is read as 0x and its last 64 characters: the same\n-- 0x-hex on either schema (tree-proofs.test.ts runs the step on today's), and a string to pgTyped.\nSELECT a.id, '0x' || right(a.merkle_root::text, 64) AS merkle_root, a.context_count,\n       array_agg(ctxlog_hex(COALESCE(c.entry_hash, c.context_hash)) ORDER BY b.n) AS \"leaves!\"\n  FROM anchors AS a CROSS JOIN unnest(a.context_ids) WITH ORDINALITY AS b(id, n)\n  JOIN contexts AS c ON c.id = b.id\n WHERE a.merkle_tree IS NULL AND a.status = ANY(:statuses!::\"AnchorStatus\"[]) AND a.id > :after!\n GROUP BY a.id\n ORDER BY a.id\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * -- schema: 20261129120744_context_status_defined (its step runs right after it: docs/sql.md)
 * -- This step runs at its own migration's schema, where merkle_root is the 0x-hex text the service
 * -- wrote; migration 20261130031500_anchor_hashes_as_bytes stores it as bytes later, whose ::text is
 * -- \x and the same 64 hex digits. So the root is read as 0x and its last 64 characters: the same
 * -- 0x-hex on either schema (tree-proofs.test.ts runs the step on today's), and a string to pgTyped.
 * SELECT a.id, '0x' || right(a.merkle_root::text, 64) AS merkle_root, a.context_count,
 *        array_agg(ctxlog_hex(COALESCE(c.entry_hash, c.context_hash)) ORDER BY b.n) AS "leaves!"
 *   FROM anchors AS a CROSS JOIN unnest(a.context_ids) WITH ORDINALITY AS b(id, n)
 *   JOIN contexts AS c ON c.id = b.id
 *  WHERE a.merkle_tree IS NULL AND a.status = ANY(:statuses!::"AnchorStatus"[]) AND a.id > :after!
 *  GROUP BY a.id
 *  ORDER BY a.id
 *  LIMIT :limit!
 * ```
 */
export const anchorLeavesWithoutTree = new PreparedQuery<IAnchorLeavesWithoutTreeParams,IAnchorLeavesWithoutTreeResult>(anchorLeavesWithoutTreeIR);


/** 'KeepAnchorTree' parameters type */
export interface IKeepAnchorTreeParams {
  id: string;
  tree: Buffer;
}

/** 'KeepAnchorTree' return type */
export type IKeepAnchorTreeResult = void;

/** 'KeepAnchorTree' query type */
export interface IKeepAnchorTreeQuery {
  params: IKeepAnchorTreeParams;
  result: IKeepAnchorTreeResult;
}

const keepAnchorTreeIR: any = {"usedParamSet":{"tree":true,"id":true},"params":[{"name":"tree","required":true,"transform":{"type":"scalar"},"locs":[{"a":33,"b":38}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":51,"b":54}]}],"statement":"UPDATE anchors SET merkle_tree = :tree! WHERE id = :id! AND merkle_tree IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE anchors SET merkle_tree = :tree! WHERE id = :id! AND merkle_tree IS NULL
 * ```
 */
export const keepAnchorTree = new PreparedQuery<IKeepAnchorTreeParams,IKeepAnchorTreeResult>(keepAnchorTreeIR);


/** 'AnchorsStillWithoutTree' parameters type */
export interface IAnchorsStillWithoutTreeParams {
  statuses: AnchorStatusArray;
}

/** 'AnchorsStillWithoutTree' return type */
export interface IAnchorsStillWithoutTreeResult {
  id: string;
}

/** 'AnchorsStillWithoutTree' query type */
export interface IAnchorsStillWithoutTreeQuery {
  params: IAnchorsStillWithoutTreeParams;
  result: IAnchorsStillWithoutTreeResult;
}

const anchorsStillWithoutTreeIR: any = {"usedParamSet":{"statuses":true},"params":[{"name":"statuses","required":true,"transform":{"type":"scalar"},"locs":[{"a":67,"b":76}]}],"statement":"SELECT id FROM anchors\n WHERE merkle_tree IS NULL AND status = ANY(:statuses!::\"AnchorStatus\"[])\n ORDER BY id\n LIMIT 10"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id FROM anchors
 *  WHERE merkle_tree IS NULL AND status = ANY(:statuses!::"AnchorStatus"[])
 *  ORDER BY id
 *  LIMIT 10
 * ```
 */
export const anchorsStillWithoutTree = new PreparedQuery<IAnchorsStillWithoutTreeParams,IAnchorsStillWithoutTreeResult>(anchorsStillWithoutTreeIR);


