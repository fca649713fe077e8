/** Types generated for queries found in "packages/db/src/anchors/track-anchors.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type BufferArray = (Buffer)[];

/** 'AnchorTransactionsOf' parameters type */
export interface IAnchorTransactionsOfParams {
  hashes: BufferArray;
}

/** 'AnchorTransactionsOf' return type */
export interface IAnchorTransactionsOfResult {
  anchor_id: string;
  hash: Buffer;
}

/** 'AnchorTransactionsOf' query type */
export interface IAnchorTransactionsOfQuery {
  params: IAnchorTransactionsOfParams;
  result: IAnchorTransactionsOfResult;
}

const anchorTransactionsOfIR: any = {"usedParamSet":{"hashes":true},"params":[{"name":"hashes","required":true,"transform":{"type":"scalar"},"locs":[{"a":81,"b":88}]}],"statement":"SELECT hash, anchor_id AS \"anchor_id!\" FROM anchor_transactions WHERE hash = ANY(:hashes!::bytea[])"};

/**
 * Query generated from SQL:
 * ```
 * SELECT hash, anchor_id AS "anchor_id!" FROM anchor_transactions WHERE hash = ANY(:hashes!::bytea[])
 * ```
 */
export const anchorTransactionsOf = new PreparedQuery<IAnchorTransactionsOfParams,IAnchorTransactionsOfResult>(anchorTransactionsOfIR);


/** 'MarkTransactionMined' parameters type */
export interface IMarkTransactionMinedParams {
  anchorId: string;
  hash: Buffer;
}

/** 'MarkTransactionMined' return type */
export type IMarkTransactionMinedResult = void;

/** 'MarkTransactionMined' query type */
export interface IMarkTransactionMinedQuery {
  params: IMarkTransactionMinedParams;
  result: IMarkTransactionMinedResult;
}

const markTransactionMinedIR: any = {"usedParamSet":{"hash":true,"anchorId":true},"params":[{"name":"hash","required":true,"transform":{"type":"scalar"},"locs":[{"a":60,"b":65},{"a":169,"b":174}]},{"name":"anchorId","required":true,"transform":{"type":"scalar"},"locs":[{"a":146,"b":155}]}],"statement":"UPDATE anchor_transactions\n   SET status = CASE WHEN hash = :hash! THEN 'mined' ELSE 'replaced' END::\"AnchorTransactionStatus\"\n WHERE anchor_id = :anchorId! AND (hash = :hash! OR status IN ('signed', 'broadcast'))"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE anchor_transactions
 *    SET status = CASE WHEN hash = :hash! THEN 'mined' ELSE 'replaced' END::"AnchorTransactionStatus"
 *  WHERE anchor_id = :anchorId! AND (hash = :hash! OR status IN ('signed', 'broadcast'))
 * ```
 */
export const markTransactionMined = new PreparedQuery<IMarkTransactionMinedParams,IMarkTransactionMinedResult>(markTransactionMinedIR);


/** 'MinedAnchorsOf' parameters type */
export interface IMinedAnchorsOfParams {
  chainId: number;
  registryAddress: string;
}

/** 'MinedAnchorsOf' return type */
export interface IMinedAnchorsOfResult {
  block_hash: Buffer | null;
  block_number: string | null;
  id: string;
  reverted: boolean;
}

/** 'MinedAnchorsOf' query type */
export interface IMinedAnchorsOfQuery {
  params: IMinedAnchorsOfParams;
  result: IMinedAnchorsOfResult;
}

const minedAnchorsOfIR: any = {"usedParamSet":{"chainId":true,"registryAddress":true},"params":[{"name":"chainId","required":true,"transform":{"type":"scalar"},"locs":[{"a":122,"b":130}]},{"name":"registryAddress","required":true,"transform":{"type":"scalar"},"locs":[{"a":155,"b":171}]}],"statement":"SELECT id, block_number::text AS block_number, block_hash, reverted\n  FROM anchors\n WHERE status = 'mined' AND chain_id = :chainId! AND registry_address = :registryAddress!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, block_number::text AS block_number, block_hash, reverted
 *   FROM anchors
 *  WHERE status = 'mined' AND chain_id = :chainId! AND registry_address = :registryAddress!
 * ```
 */
export const minedAnchorsOf = new PreparedQuery<IMinedAnchorsOfParams,IMinedAnchorsOfResult>(minedAnchorsOfIR);


/** 'RebroadcastTransactions' parameters type */
export interface IRebroadcastTransactionsParams {
  anchorId: string;
}

/** 'RebroadcastTransactions' return type */
export type IRebroadcastTransactionsResult = void;

/** 'RebroadcastTransactions' query type */
export interface IRebroadcastTransactionsQuery {
  params: IRebroadcastTransactionsParams;
  result: IRebroadcastTransactionsResult;
}

const rebroadcastTransactionsIR: any = {"usedParamSet":{"anchorId":true},"params":[{"name":"anchorId","required":true,"transform":{"type":"scalar"},"locs":[{"a":93,"b":102}]}],"statement":"UPDATE anchor_transactions SET status = 'broadcast', broadcast_at = now()\n WHERE anchor_id = :anchorId! AND status IN ('mined', 'replaced')"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE anchor_transactions SET status = 'broadcast', broadcast_at = now()
 *  WHERE anchor_id = :anchorId! AND status IN ('mined', 'replaced')
 * ```
 */
export const rebroadcastTransactions = new PreparedQuery<IRebroadcastTransactionsParams,IRebroadcastTransactionsResult>(rebroadcastTransactionsIR);


/** 'AbandonUnsentTransactions' parameters type */
export interface IAbandonUnsentTransactionsParams {
  anchorId: string;
}

/** 'AbandonUnsentTransactions' return type */
export type IAbandonUnsentTransactionsResult = void;

/** 'AbandonUnsentTransactions' query type */
export interface IAbandonUnsentTransactionsQuery {
  params: IAbandonUnsentTransactionsParams;
  result: IAbandonUnsentTransactionsResult;
}

const abandonUnsentTransactionsIR: any = {"usedParamSet":{"anchorId":true},"params":[{"name":"anchorId","required":true,"transform":{"type":"scalar"},"locs":[{"a":70,"b":79}]}],"statement":"UPDATE anchor_transactions SET status = 'abandoned' WHERE anchor_id = :anchorId! AND status = 'signed'"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE anchor_transactions SET status = 'abandoned' WHERE anchor_id = :anchorId! AND status = 'signed'
 * ```
 */
export const abandonUnsentTransactions = new PreparedQuery<IAbandonUnsentTransactionsParams,IAbandonUnsentTransactionsResult>(abandonUnsentTransactionsIR);


/** 'LowestOpenBroadcast' parameters type */
export interface ILowestOpenBroadcastParams {
  chainId: number;
}

/** 'LowestOpenBroadcast' return type */
export interface ILowestOpenBroadcastResult {
  min: string | null;
}

/** 'LowestOpenBroadcast' query type */
export interface ILowestOpenBroadcastQuery {
  params: ILowestOpenBroadcastParams;
  result: ILowestOpenBroadcastResult;
}

const lowestOpenBroadcastIR: any = {"usedParamSet":{"chainId":true},"params":[{"name":"chainId","required":true,"transform":{"type":"scalar"},"locs":[{"a":157,"b":165}]}],"statement":"SELECT min(t.broadcast_block)::text AS min\n  FROM anchor_transactions AS t JOIN anchors AS a ON a.id = t.anchor_id\n WHERE a.status = 'sent' AND a.chain_id = :chainId! AND t.status IN ('signed', 'broadcast')"};

/**
 * Query generated from SQL:
 * ```
 * SELECT min(t.broadcast_block)::text AS min
 *   FROM anchor_transactions AS t JOIN anchors AS a ON a.id = t.anchor_id
 *  WHERE a.status = 'sent' AND a.chain_id = :chainId! AND t.status IN ('signed', 'broadcast')
 * ```
 */
export const lowestOpenBroadcast = new PreparedQuery<ILowestOpenBroadcastParams,ILowestOpenBroadcastResult>(lowestOpenBroadcastIR);


