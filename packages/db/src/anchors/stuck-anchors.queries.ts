/** Types generated for queries found in "packages/db/src/anchors/stuck-anchors.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'StuckAnchorsOf' parameters type */
export interface IStuckAnchorsOfParams {
  before: DateOrString;
  limit: NumberOrString;
  signerAddress: string;
}

/** 'StuckAnchorsOf' return type */
export interface IStuckAnchorsOfResult {
  anchored_count: number;
  chain_id: number;
  gas_limit: number;
  hash: Buffer;
  id: string;
  max_fee: string;
  max_tip: string;
  merkle_root: Buffer;
  nonce: number;
  raw_transaction: string;
  registry_address: string;
}

/** 'StuckAnchorsOf' query type */
export interface IStuckAnchorsOfQuery {
  params: IStuckAnchorsOfParams;
  result: IStuckAnchorsOfResult;
}

const stuckAnchorsOfIR: any = {"usedParamSet":{"signerAddress":true,"before":true,"limit":true},"params":[{"name":"signerAddress","required":true,"transform":{"type":"scalar"},"locs":[{"a":504,"b":518}]},{"name":"before","required":true,"transform":{"type":"scalar"},"locs":[{"a":593,"b":600}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":627,"b":633}]}],"statement":"SELECT a.id, a.merkle_root, ctxlog_anchored_count(a.tree_size, a.context_count) AS \"anchored_count!\", a.chain_id, a.registry_address,\n       t.hash, t.raw_transaction, t.nonce, t.gas_limit,\n       t.max_fee_per_gas::text AS \"max_fee!\", t.max_priority_fee_per_gas::text AS \"max_tip!\"\n  FROM anchors AS a\n  JOIN LATERAL (\n    SELECT * FROM anchor_transactions AS x\n     WHERE x.anchor_id = a.id AND x.status <> 'abandoned'\n     ORDER BY x.created_at DESC LIMIT 1\n  ) AS t ON true\n WHERE a.signer_address = :signerAddress! AND a.status = 'sent'\n   AND t.status = 'broadcast' AND t.broadcast_at < :before!\n ORDER BY t.nonce\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT a.id, a.merkle_root, ctxlog_anchored_count(a.tree_size, a.context_count) AS "anchored_count!", a.chain_id, a.registry_address,
 *        t.hash, t.raw_transaction, t.nonce, t.gas_limit,
 *        t.max_fee_per_gas::text AS "max_fee!", t.max_priority_fee_per_gas::text AS "max_tip!"
 *   FROM anchors AS a
 *   JOIN LATERAL (
 *     SELECT * FROM anchor_transactions AS x
 *      WHERE x.anchor_id = a.id AND x.status <> 'abandoned'
 *      ORDER BY x.created_at DESC LIMIT 1
 *   ) AS t ON true
 *  WHERE a.signer_address = :signerAddress! AND a.status = 'sent'
 *    AND t.status = 'broadcast' AND t.broadcast_at < :before!
 *  ORDER BY t.nonce
 *  LIMIT :limit!
 * ```
 */
export const stuckAnchorsOf = new PreparedQuery<IStuckAnchorsOfParams,IStuckAnchorsOfResult>(stuckAnchorsOfIR);


/** 'TouchBroadcastOf' parameters type */
export interface ITouchBroadcastOfParams {
  hash: Buffer;
}

/** 'TouchBroadcastOf' return type */
export type ITouchBroadcastOfResult = void;

/** 'TouchBroadcastOf' query type */
export interface ITouchBroadcastOfQuery {
  params: ITouchBroadcastOfParams;
  result: ITouchBroadcastOfResult;
}

const touchBroadcastOfIR: any = {"usedParamSet":{"hash":true},"params":[{"name":"hash","required":true,"transform":{"type":"scalar"},"locs":[{"a":65,"b":70}]}],"statement":"UPDATE anchor_transactions SET broadcast_at = now() WHERE hash = :hash!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE anchor_transactions SET broadcast_at = now() WHERE hash = :hash!
 * ```
 */
export const touchBroadcastOf = new PreparedQuery<ITouchBroadcastOfParams,ITouchBroadcastOfResult>(touchBroadcastOfIR);


/** 'AbandonLiveTransactions' parameters type */
export interface IAbandonLiveTransactionsParams {
  anchorId: string;
}

/** 'AbandonLiveTransactions' return type */
export type IAbandonLiveTransactionsResult = void;

/** 'AbandonLiveTransactions' query type */
export interface IAbandonLiveTransactionsQuery {
  params: IAbandonLiveTransactionsParams;
  result: IAbandonLiveTransactionsResult;
}

const abandonLiveTransactionsIR: any = {"usedParamSet":{"anchorId":true},"params":[{"name":"anchorId","required":true,"transform":{"type":"scalar"},"locs":[{"a":71,"b":80}]}],"statement":"UPDATE anchor_transactions SET status = 'abandoned'\n WHERE anchor_id = :anchorId! AND status IN ('signed', 'broadcast')"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE anchor_transactions SET status = 'abandoned'
 *  WHERE anchor_id = :anchorId! AND status IN ('signed', 'broadcast')
 * ```
 */
export const abandonLiveTransactions = new PreparedQuery<IAbandonLiveTransactionsParams,IAbandonLiveTransactionsResult>(abandonLiveTransactionsIR);


/** 'LiveTransactionsOf' parameters type */
export interface ILiveTransactionsOfParams {
  anchorId: string;
}

/** 'LiveTransactionsOf' return type */
export interface ILiveTransactionsOfResult {
  hash: Buffer;
}

/** 'LiveTransactionsOf' query type */
export interface ILiveTransactionsOfQuery {
  params: ILiveTransactionsOfParams;
  result: ILiveTransactionsOfResult;
}

const liveTransactionsOfIR: any = {"usedParamSet":{"anchorId":true},"params":[{"name":"anchorId","required":true,"transform":{"type":"scalar"},"locs":[{"a":55,"b":64}]}],"statement":"SELECT hash FROM anchor_transactions WHERE anchor_id = :anchorId! AND status <> 'abandoned'"};

/**
 * Query generated from SQL:
 * ```
 * SELECT hash FROM anchor_transactions WHERE anchor_id = :anchorId! AND status <> 'abandoned'
 * ```
 */
export const liveTransactionsOf = new PreparedQuery<ILiveTransactionsOfParams,ILiveTransactionsOfResult>(liveTransactionsOfIR);


