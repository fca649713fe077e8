/** Types generated for queries found in "packages/db/src/anchors/in-flight-anchors.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type AnchorStatus = 'confirmed' | 'failed' | 'mined' | 'queued' | 'sent';

export type AnchorStatusArray = (AnchorStatus)[];

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

const inFlightPlacementsIR: any = {"usedParamSet":{"anchorIds":true,"ids":true},"params":[{"name":"anchorIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":641,"b":651}]},{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":677,"b":681}]}],"statement":"-- a leaf is the context's place in its batch's tree, or in the log when the anchor is a tree head\n-- (tlog_leaves: a context in a batch in flight is pending, its log index not yet moved)\nSELECT p.id AS \"id!\", p.leaf_index AS \"leaf_index!\",\n       ctxlog_anchor_proof(a.merkle_tree, a.context_count, a.tree_size, p.leaf_index) AS proof\n  FROM anchors AS a CROSS JOIN unnest(a.context_ids) WITH ORDINALITY AS b(id, n)\n CROSS JOIN LATERAL (\n   SELECT b.id, CASE WHEN a.tree_size IS NULL THEN (b.n - 1)::int\n                     ELSE (SELECT l.log_index::int FROM tlog_leaves AS l WHERE l.id = b.id) END AS leaf_index\n ) AS p\n WHERE a.id = ANY(:anchorIds!::text[]) AND b.id = ANY(:ids!::text[])"};

/**
 * Query generated from SQL:
 * ```
 * -- a leaf is the context's place in its batch's tree, or in the log when the anchor is a tree head
 * -- (tlog_leaves: a context in a batch in flight is pending, its log index not yet moved)
 * SELECT p.id AS "id!", p.leaf_index AS "leaf_index!",
 *        ctxlog_anchor_proof(a.merkle_tree, a.context_count, a.tree_size, p.leaf_index) AS proof
 *   FROM anchors AS a CROSS JOIN unnest(a.context_ids) WITH ORDINALITY AS b(id, n)
 *  CROSS JOIN LATERAL (
 *    SELECT b.id, CASE WHEN a.tree_size IS NULL THEN (b.n - 1)::int
 *                      ELSE (SELECT l.log_index::int FROM tlog_leaves AS l WHERE l.id = b.id) END AS leaf_index
 *  ) AS p
 *  WHERE a.id = ANY(:anchorIds!::text[]) AND b.id = ANY(:ids!::text[])
 * ```
 */
export const inFlightPlacements = new PreparedQuery<IInFlightPlacementsParams,IInFlightPlacementsResult>(inFlightPlacementsIR);


/** 'InFlightAnchorsHolding' parameters type */
export interface IInFlightAnchorsHoldingParams {
  ids: stringArray;
  inFlight: AnchorStatusArray;
}

/** 'InFlightAnchorsHolding' return type */
export interface IInFlightAnchorsHoldingResult {
  anchor_id: string;
  context_id: string;
}

/** 'InFlightAnchorsHolding' query type */
export interface IInFlightAnchorsHoldingQuery {
  params: IInFlightAnchorsHoldingParams;
  result: IInFlightAnchorsHoldingResult;
}

const inFlightAnchorsHoldingIR: any = {"usedParamSet":{"inFlight":true,"ids":true},"params":[{"name":"inFlight","required":true,"transform":{"type":"scalar"},"locs":[{"a":216,"b":225}]},{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":267,"b":271},{"a":296,"b":300}]}],"statement":"-- the in-flight statuses are anchor-transitions' (@ctxlog/core ANCHOR_IN_FLIGHT_STATUSES)\nSELECT x AS \"context_id!\", a.id AS anchor_id\n  FROM anchors AS a CROSS JOIN unnest(a.context_ids) AS x\n WHERE a.status = ANY(:inFlight!::\"AnchorStatus\"[]) AND a.context_ids && :ids!::text[]\n   AND x = ANY(:ids!::text[])"};

/**
 * Query generated from SQL:
 * ```
 * -- the in-flight statuses are anchor-transitions' (@ctxlog/core ANCHOR_IN_FLIGHT_STATUSES)
 * SELECT x AS "context_id!", a.id AS anchor_id
 *   FROM anchors AS a CROSS JOIN unnest(a.context_ids) AS x
 *  WHERE a.status = ANY(:inFlight!::"AnchorStatus"[]) AND a.context_ids && :ids!::text[]
 *    AND x = ANY(:ids!::text[])
 * ```
 */
export const inFlightAnchorsHolding = new PreparedQuery<IInFlightAnchorsHoldingParams,IInFlightAnchorsHoldingResult>(inFlightAnchorsHoldingIR);


/** 'AnchorViewsOf' parameters type */
export interface IAnchorViewsOfParams {
  ids: stringArray;
}

/** 'AnchorViewsOf' return type */
export interface IAnchorViewsOfResult {
  block_hash: Buffer | null;
  block_number: string | null;
  block_timestamp: Date | null;
  chain_id: number;
  confirmations: number | null;
  confirmed_at: Date | null;
  context_count: number;
  created_at: Date;
  effective_gas_price: string | null;
  failed_at: Date | null;
  failure_reason: string | null;
  first_error_at: Date | null;
  gas_used: string | null;
  id: string;
  last_error: string | null;
  merkle_root: Buffer;
  mined_at: Date | null;
  network: string;
  next_attempt_at: Date;
  nonce: number | null;
  registry_address: string;
  reverted: boolean;
  send_attempts: number;
  sent_at: Date | null;
  signer_address: string;
  status: AnchorStatus;
  transaction_hash: Buffer | null;
  tree_size: string | null;
  updated_at: Date;
}

/** 'AnchorViewsOf' query type */
export interface IAnchorViewsOfQuery {
  params: IAnchorViewsOfParams;
  result: IAnchorViewsOfResult;
}

const anchorViewsOfIR: any = {"usedParamSet":{"ids":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":616,"b":620}]}],"statement":"-- every column but context_ids, merkle_tree and ref (context-view.ts' ANCHOR_OMIT)\nSELECT id, signer_address, chain_id, network, registry_address, merkle_root, context_count,\n       tree_size::text AS tree_size, status,\n       nonce, transaction_hash, block_number::text AS block_number, block_hash, block_timestamp,\n       gas_used::text AS gas_used, effective_gas_price::text AS effective_gas_price, confirmations,\n       reverted, send_attempts, next_attempt_at, first_error_at, last_error, failure_reason, sent_at,\n       mined_at, confirmed_at, failed_at, created_at, updated_at\n  FROM anchors\n WHERE id = ANY(:ids!::text[])"};

/**
 * Query generated from SQL:
 * ```
 * -- every column but context_ids, merkle_tree and ref (context-view.ts' ANCHOR_OMIT)
 * SELECT id, signer_address, chain_id, network, registry_address, merkle_root, context_count,
 *        tree_size::text AS tree_size, status,
 *        nonce, transaction_hash, block_number::text AS block_number, block_hash, block_timestamp,
 *        gas_used::text AS gas_used, effective_gas_price::text AS effective_gas_price, confirmations,
 *        reverted, send_attempts, next_attempt_at, first_error_at, last_error, failure_reason, sent_at,
 *        mined_at, confirmed_at, failed_at, created_at, updated_at
 *   FROM anchors
 *  WHERE id = ANY(:ids!::text[])
 * ```
 */
export const anchorViewsOf = new PreparedQuery<IAnchorViewsOfParams,IAnchorViewsOfResult>(anchorViewsOfIR);


