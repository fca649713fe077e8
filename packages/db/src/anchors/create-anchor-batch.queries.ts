/** Types generated for queries found in "packages/db/src/anchors/create-anchor-batch.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type AnchorStatus = 'confirmed' | 'failed' | 'mined' | 'queued' | 'sent';

export type AnchorStatusArray = (AnchorStatus)[];

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'TakeClaimsLock' parameters type */
export interface ITakeClaimsLockParams {
  key: NumberOrString;
}

/** 'TakeClaimsLock' return type */
export interface ITakeClaimsLockResult {
  locked: number | null;
}

/** 'TakeClaimsLock' query type */
export interface ITakeClaimsLockQuery {
  params: ITakeClaimsLockParams;
  result: ITakeClaimsLockResult;
}

const takeClaimsLockIR: any = {"usedParamSet":{"key":true},"params":[{"name":"key","required":true,"transform":{"type":"scalar"},"locs":[{"a":261,"b":265}]}],"statement":"-- Claims are taken one at a time per database (this transaction-scoped advisory lock): the next\n-- claim's statements start after the previous one committed, so they see its anchor and leave its\n-- contexts alone.\nSELECT 1 AS locked FROM pg_advisory_xact_lock(:key!::bigint)"};

/**
 * Query generated from SQL:
 * ```
 * -- Claims are taken one at a time per database (this transaction-scoped advisory lock): the next
 * -- claim's statements start after the previous one committed, so they see its anchor and leave its
 * -- contexts alone.
 * SELECT 1 AS locked FROM pg_advisory_xact_lock(:key!::bigint)
 * ```
 */
export const takeClaimsLock = new PreparedQuery<ITakeClaimsLockParams,ITakeClaimsLockResult>(takeClaimsLockIR);


/** 'ClaimOldestLogged' parameters type */
export interface IClaimOldestLoggedParams {
  inFlight: AnchorStatusArray;
  limit: NumberOrString;
  treeSize: NumberOrString;
}

/** 'ClaimOldestLogged' return type */
export interface IClaimOldestLoggedResult {
  id: string;
}

/** 'ClaimOldestLogged' query type */
export interface IClaimOldestLoggedQuery {
  params: IClaimOldestLoggedParams;
  result: IClaimOldestLoggedResult;
}

const claimOldestLoggedIR: any = {"usedParamSet":{"treeSize":true,"inFlight":true,"limit":true},"params":[{"name":"treeSize","required":true,"transform":{"type":"scalar"},"locs":[{"a":512,"b":521}]},{"name":"inFlight","required":true,"transform":{"type":"scalar"},"locs":[{"a":666,"b":675}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":726,"b":732}]}],"statement":"-- The oldest pending contexts (pending_contexts) that the transparency log holds below the tree\n-- head about to be anchored (tlog_leaves, by log index: arrival order) and whose one signature is\n-- their receipt's (EIP-712: what a version 4 bundle carries); those in a batch in flight (a few\n-- batches' worth at most) are skipped through one hashed list of their ids.\nSELECT q.id AS \"id!\"\n  FROM pending_contexts AS q JOIN tlog_leaves AS l ON l.id = q.id JOIN contexts AS c ON c.id = q.id\n WHERE l.log_index < :treeSize!::bigint AND c.signature_scheme = 'EIP-712'\n   AND q.id NOT IN (SELECT unnest(context_ids) FROM anchors\n                     WHERE status = ANY(:inFlight!::\"AnchorStatus\"[]))\n ORDER BY l.log_index\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * -- The oldest pending contexts (pending_contexts) that the transparency log holds below the tree
 * -- head about to be anchored (tlog_leaves, by log index: arrival order) and whose one signature is
 * -- their receipt's (EIP-712: what a version 4 bundle carries); those in a batch in flight (a few
 * -- batches' worth at most) are skipped through one hashed list of their ids.
 * SELECT q.id AS "id!"
 *   FROM pending_contexts AS q JOIN tlog_leaves AS l ON l.id = q.id JOIN contexts AS c ON c.id = q.id
 *  WHERE l.log_index < :treeSize!::bigint AND c.signature_scheme = 'EIP-712'
 *    AND q.id NOT IN (SELECT unnest(context_ids) FROM anchors
 *                      WHERE status = ANY(:inFlight!::"AnchorStatus"[]))
 *  ORDER BY l.log_index
 *  LIMIT :limit!
 * ```
 */
export const claimOldestLogged = new PreparedQuery<IClaimOldestLoggedParams,IClaimOldestLoggedResult>(claimOldestLoggedIR);


/** 'ClaimLoggedIds' parameters type */
export interface IClaimLoggedIdsParams {
  ids: stringArray;
  inFlight: AnchorStatusArray;
  treeSize: NumberOrString;
}

/** 'ClaimLoggedIds' return type */
export interface IClaimLoggedIdsResult {
  id: string;
}

/** 'ClaimLoggedIds' query type */
export interface IClaimLoggedIdsQuery {
  params: IClaimLoggedIdsParams;
  result: IClaimLoggedIdsResult;
}

const claimLoggedIdsIR: any = {"usedParamSet":{"ids":true,"treeSize":true,"inFlight":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":139,"b":143}]},{"name":"treeSize","required":true,"transform":{"type":"scalar"},"locs":[{"a":172,"b":181}]},{"name":"inFlight","required":true,"transform":{"type":"scalar"},"locs":[{"a":326,"b":335}]}],"statement":"SELECT q.id AS \"id!\"\n  FROM pending_contexts AS q JOIN tlog_leaves AS l ON l.id = q.id JOIN contexts AS c ON c.id = q.id\n WHERE q.id = ANY(:ids!::text[]) AND l.log_index < :treeSize!::bigint AND c.signature_scheme = 'EIP-712'\n   AND q.id NOT IN (SELECT unnest(context_ids) FROM anchors\n                     WHERE status = ANY(:inFlight!::\"AnchorStatus\"[]))\n ORDER BY l.log_index"};

/**
 * Query generated from SQL:
 * ```
 * SELECT q.id AS "id!"
 *   FROM pending_contexts AS q JOIN tlog_leaves AS l ON l.id = q.id JOIN contexts AS c ON c.id = q.id
 *  WHERE q.id = ANY(:ids!::text[]) AND l.log_index < :treeSize!::bigint AND c.signature_scheme = 'EIP-712'
 *    AND q.id NOT IN (SELECT unnest(context_ids) FROM anchors
 *                      WHERE status = ANY(:inFlight!::"AnchorStatus"[]))
 *  ORDER BY l.log_index
 * ```
 */
export const claimLoggedIds = new PreparedQuery<IClaimLoggedIdsParams,IClaimLoggedIdsResult>(claimLoggedIdsIR);


/** 'ClaimOldestForBatchTree' parameters type */
export interface IClaimOldestForBatchTreeParams {
  inFlight: AnchorStatusArray;
  limit: NumberOrString;
}

/** 'ClaimOldestForBatchTree' return type */
export interface IClaimOldestForBatchTreeResult {
  id: string;
  leaf: Buffer;
}

/** 'ClaimOldestForBatchTree' query type */
export interface IClaimOldestForBatchTreeQuery {
  params: IClaimOldestForBatchTreeParams;
  result: IClaimOldestForBatchTreeResult;
}

const claimOldestForBatchTreeIR: any = {"usedParamSet":{"inFlight":true,"limit":true},"params":[{"name":"inFlight","required":true,"transform":{"type":"scalar"},"locs":[{"a":688,"b":697}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":741,"b":747}]}],"statement":"-- Pending contexts no version 4 bundle can carry are anchored as before, by their batch's own tree,\n-- oldest first (pending_contexts, by id): those logged before logs were chained (no entry hash:\n-- never in the transparency log; their leaf is ctxlog_context_leaf's, their context_hash: bundle\n-- version 1) and those signed before receipts were their signature (EIP-191: version 2).\nSELECT q.id, ctxlog_context_leaf(c.context_hash, c.entry_hash) AS \"leaf!\"\n  FROM pending_contexts AS q JOIN contexts AS c ON c.id = q.id\n WHERE (c.entry_hash IS NULL OR c.signature_scheme <> 'EIP-712')\n   AND q.id NOT IN (SELECT unnest(context_ids) FROM anchors\n                     WHERE status = ANY(:inFlight!::\"AnchorStatus\"[]))\n ORDER BY q.id\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * -- Pending contexts no version 4 bundle can carry are anchored as before, by their batch's own tree,
 * -- oldest first (pending_contexts, by id): those logged before logs were chained (no entry hash:
 * -- never in the transparency log; their leaf is ctxlog_context_leaf's, their context_hash: bundle
 * -- version 1) and those signed before receipts were their signature (EIP-191: version 2).
 * SELECT q.id, ctxlog_context_leaf(c.context_hash, c.entry_hash) AS "leaf!"
 *   FROM pending_contexts AS q JOIN contexts AS c ON c.id = q.id
 *  WHERE (c.entry_hash IS NULL OR c.signature_scheme <> 'EIP-712')
 *    AND q.id NOT IN (SELECT unnest(context_ids) FROM anchors
 *                      WHERE status = ANY(:inFlight!::"AnchorStatus"[]))
 *  ORDER BY q.id
 *  LIMIT :limit!
 * ```
 */
export const claimOldestForBatchTree = new PreparedQuery<IClaimOldestForBatchTreeParams,IClaimOldestForBatchTreeResult>(claimOldestForBatchTreeIR);


/** 'ClaimIdsForBatchTree' parameters type */
export interface IClaimIdsForBatchTreeParams {
  ids: stringArray;
  inFlight: AnchorStatusArray;
}

/** 'ClaimIdsForBatchTree' return type */
export interface IClaimIdsForBatchTreeResult {
  id: string;
  leaf: Buffer;
}

/** 'ClaimIdsForBatchTree' query type */
export interface IClaimIdsForBatchTreeQuery {
  params: IClaimIdsForBatchTreeParams;
  result: IClaimIdsForBatchTreeResult;
}

const claimIdsForBatchTreeIR: any = {"usedParamSet":{"ids":true,"inFlight":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":155,"b":159}]},{"name":"inFlight","required":true,"transform":{"type":"scalar"},"locs":[{"a":332,"b":341}]}],"statement":"SELECT q.id, ctxlog_context_leaf(c.context_hash, c.entry_hash) AS \"leaf!\"\n  FROM pending_contexts AS q JOIN contexts AS c ON c.id = q.id\n WHERE q.id = ANY(:ids!::text[]) AND (c.entry_hash IS NULL OR c.signature_scheme <> 'EIP-712')\n   AND q.id NOT IN (SELECT unnest(context_ids) FROM anchors\n                     WHERE status = ANY(:inFlight!::\"AnchorStatus\"[]))\n ORDER BY q.id"};

/**
 * Query generated from SQL:
 * ```
 * SELECT q.id, ctxlog_context_leaf(c.context_hash, c.entry_hash) AS "leaf!"
 *   FROM pending_contexts AS q JOIN contexts AS c ON c.id = q.id
 *  WHERE q.id = ANY(:ids!::text[]) AND (c.entry_hash IS NULL OR c.signature_scheme <> 'EIP-712')
 *    AND q.id NOT IN (SELECT unnest(context_ids) FROM anchors
 *                      WHERE status = ANY(:inFlight!::"AnchorStatus"[]))
 *  ORDER BY q.id
 * ```
 */
export const claimIdsForBatchTree = new PreparedQuery<IClaimIdsForBatchTreeParams,IClaimIdsForBatchTreeResult>(claimIdsForBatchTreeIR);


