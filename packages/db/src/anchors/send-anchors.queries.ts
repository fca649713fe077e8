/** Types generated for queries found in "packages/db/src/anchors/send-anchors.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type BufferArray = (Buffer)[];

export type NumberOrString = number | string;

export type NumberOrStringArray = (NumberOrString)[];

export type numberArray = (number)[];

export type stringArray = (string)[];

/** 'QueuedAnchorsOf' parameters type */
export interface IQueuedAnchorsOfParams {
  limit: NumberOrString;
  signerAddress: string;
}

/** 'QueuedAnchorsOf' return type */
export interface IQueuedAnchorsOfResult {
  anchored_count: number;
  chain_id: number;
  first_error_at: Date | null;
  id: string;
  last_error: string | null;
  merkle_root: Buffer;
  registry_address: string;
  send_attempts: number;
}

/** 'QueuedAnchorsOf' query type */
export interface IQueuedAnchorsOfQuery {
  params: IQueuedAnchorsOfParams;
  result: IQueuedAnchorsOfResult;
}

const queuedAnchorsOfIR: any = {"usedParamSet":{"signerAddress":true,"limit":true},"params":[{"name":"signerAddress","required":true,"transform":{"type":"scalar"},"locs":[{"a":278,"b":292}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":373,"b":379}]}],"statement":"-- anchors (status, signer_address, created_at) answers it in order\nSELECT id, merkle_root, ctxlog_anchored_count(tree_size, context_count) AS \"anchored_count!\", chain_id, registry_address, send_attempts, first_error_at,\n       last_error\n  FROM anchors\n WHERE signer_address = :signerAddress! AND status = 'queued' AND next_attempt_at <= now()\n ORDER BY created_at\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * -- anchors (status, signer_address, created_at) answers it in order
 * SELECT id, merkle_root, ctxlog_anchored_count(tree_size, context_count) AS "anchored_count!", chain_id, registry_address, send_attempts, first_error_at,
 *        last_error
 *   FROM anchors
 *  WHERE signer_address = :signerAddress! AND status = 'queued' AND next_attempt_at <= now()
 *  ORDER BY created_at
 *  LIMIT :limit!
 * ```
 */
export const queuedAnchorsOf = new PreparedQuery<IQueuedAnchorsOfParams,IQueuedAnchorsOfResult>(queuedAnchorsOfIR);


/** 'HighestLiveNonce' parameters type */
export interface IHighestLiveNonceParams {
  signerAddress: string;
}

/** 'HighestLiveNonce' return type */
export interface IHighestLiveNonceResult {
  max: number | null;
}

/** 'HighestLiveNonce' query type */
export interface IHighestLiveNonceQuery {
  params: IHighestLiveNonceParams;
  result: IHighestLiveNonceResult;
}

const highestLiveNonceIR: any = {"usedParamSet":{"signerAddress":true},"params":[{"name":"signerAddress","required":true,"transform":{"type":"scalar"},"locs":[{"a":76,"b":90}]}],"statement":"SELECT max(nonce) AS max\n  FROM anchor_transactions\n WHERE signer_address = :signerAddress! AND status <> 'abandoned'"};

/**
 * Query generated from SQL:
 * ```
 * SELECT max(nonce) AS max
 *   FROM anchor_transactions
 *  WHERE signer_address = :signerAddress! AND status <> 'abandoned'
 * ```
 */
export const highestLiveNonce = new PreparedQuery<IHighestLiveNonceParams,IHighestLiveNonceResult>(highestLiveNonceIR);


/** 'InsertSignedTransactionRows' parameters type */
export interface IInsertSignedTransactionRowsParams {
  anchorIds: stringArray;
  gasLimits: numberArray;
  hashes: BufferArray;
  headBlock: NumberOrString;
  maxFees: NumberOrStringArray;
  maxTips: NumberOrStringArray;
  nonces: numberArray;
  raws: stringArray;
  signerAddress: string;
}

/** 'InsertSignedTransactionRows' return type */
export type IInsertSignedTransactionRowsResult = void;

/** 'InsertSignedTransactionRows' query type */
export interface IInsertSignedTransactionRowsQuery {
  params: IInsertSignedTransactionRowsParams;
  result: IInsertSignedTransactionRowsResult;
}

const insertSignedTransactionRowsIR: any = {"usedParamSet":{"signerAddress":true,"headBlock":true,"hashes":true,"anchorIds":true,"nonces":true,"raws":true,"gasLimits":true,"maxFees":true,"maxTips":true},"params":[{"name":"signerAddress","required":true,"transform":{"type":"scalar"},"locs":[{"a":422,"b":436}]},{"name":"headBlock","required":true,"transform":{"type":"scalar"},"locs":[{"a":497,"b":507}]},{"name":"hashes","required":true,"transform":{"type":"scalar"},"locs":[{"a":531,"b":538}]},{"name":"anchorIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":550,"b":560}]},{"name":"nonces","required":true,"transform":{"type":"scalar"},"locs":[{"a":571,"b":578}]},{"name":"raws","required":true,"transform":{"type":"scalar"},"locs":[{"a":588,"b":593}]},{"name":"gasLimits","required":true,"transform":{"type":"scalar"},"locs":[{"a":618,"b":628}]},{"name":"maxFees","required":true,"transform":{"type":"scalar"},"locs":[{"a":638,"b":646}]},{"name":"maxTips","required":true,"transform":{"type":"scalar"},"locs":[{"a":660,"b":668}]}],"statement":"-- broadcast_block is the head read before signing, stored now and not at broadcast: a process\n-- killed between the node accepting a transaction and recording it must still have its successor\n-- look for the receipt from there on\nINSERT INTO anchor_transactions (hash, anchor_id, signer_address, nonce, raw_transaction, gas_limit,\n  max_fee_per_gas, max_priority_fee_per_gas, broadcast_block)\nSELECT v.hash, v.anchor_id, :signerAddress!, v.nonce, v.raw, v.gas_limit, v.max_fee, v.max_tip,\n       :headBlock!::bigint\n  FROM unnest(:hashes!::bytea[], :anchorIds!::text[], :nonces!::int[], :raws!::text[],\n              :gasLimits!::int[], :maxFees!::numeric[], :maxTips!::numeric[])\n       AS v(hash, anchor_id, nonce, raw, gas_limit, max_fee, max_tip)"};

/**
 * Query generated from SQL:
 * ```
 * -- broadcast_block is the head read before signing, stored now and not at broadcast: a process
 * -- killed between the node accepting a transaction and recording it must still have its successor
 * -- look for the receipt from there on
 * INSERT INTO anchor_transactions (hash, anchor_id, signer_address, nonce, raw_transaction, gas_limit,
 *   max_fee_per_gas, max_priority_fee_per_gas, broadcast_block)
 * SELECT v.hash, v.anchor_id, :signerAddress!, v.nonce, v.raw, v.gas_limit, v.max_fee, v.max_tip,
 *        :headBlock!::bigint
 *   FROM unnest(:hashes!::bytea[], :anchorIds!::text[], :nonces!::int[], :raws!::text[],
 *               :gasLimits!::int[], :maxFees!::numeric[], :maxTips!::numeric[])
 *        AS v(hash, anchor_id, nonce, raw, gas_limit, max_fee, max_tip)
 * ```
 */
export const insertSignedTransactionRows = new PreparedQuery<IInsertSignedTransactionRowsParams,IInsertSignedTransactionRowsResult>(insertSignedTransactionRowsIR);


/** 'LockAnchorsOfTransactions' parameters type */
export interface ILockAnchorsOfTransactionsParams {
  hashes: BufferArray;
}

/** 'LockAnchorsOfTransactions' return type */
export interface ILockAnchorsOfTransactionsResult {
  id: string;
}

/** 'LockAnchorsOfTransactions' query type */
export interface ILockAnchorsOfTransactionsQuery {
  params: ILockAnchorsOfTransactionsParams;
  result: ILockAnchorsOfTransactionsResult;
}

const lockAnchorsOfTransactionsIR: any = {"usedParamSet":{"hashes":true},"params":[{"name":"hashes","required":true,"transform":{"type":"scalar"},"locs":[{"a":463,"b":470}]}],"statement":"-- Every path that changes an anchor and its rows locks in one order, anchor first, then its\n-- transactions, then its contexts (the tracker's recordAnchorMined, confirmAnchor and failAnchor\n-- start from the anchor too): a broadcast being recorded while the tracker sees the same batch\n-- mined waits instead of deadlocking on thousands of rows.\nSELECT a.id\n  FROM anchors AS a\n WHERE a.id IN (SELECT t.anchor_id FROM anchor_transactions AS t WHERE t.hash = ANY(:hashes!::bytea[]))\n ORDER BY a.id\n   FOR UPDATE OF a"};

/**
 * Query generated from SQL:
 * ```
 * -- Every path that changes an anchor and its rows locks in one order, anchor first, then its
 * -- transactions, then its contexts (the tracker's recordAnchorMined, confirmAnchor and failAnchor
 * -- start from the anchor too): a broadcast being recorded while the tracker sees the same batch
 * -- mined waits instead of deadlocking on thousands of rows.
 * SELECT a.id
 *   FROM anchors AS a
 *  WHERE a.id IN (SELECT t.anchor_id FROM anchor_transactions AS t WHERE t.hash = ANY(:hashes!::bytea[]))
 *  ORDER BY a.id
 *    FOR UPDATE OF a
 * ```
 */
export const lockAnchorsOfTransactions = new PreparedQuery<ILockAnchorsOfTransactionsParams,ILockAnchorsOfTransactionsResult>(lockAnchorsOfTransactionsIR);


/** 'MarkTransactionsBroadcastOf' parameters type */
export interface IMarkTransactionsBroadcastOfParams {
  hashes: BufferArray;
  headBlock: NumberOrString;
}

/** 'MarkTransactionsBroadcastOf' return type */
export interface IMarkTransactionsBroadcastOfResult {
  anchor_id: string;
  hash: Buffer;
}

/** 'MarkTransactionsBroadcastOf' query type */
export interface IMarkTransactionsBroadcastOfQuery {
  params: IMarkTransactionsBroadcastOfParams;
  result: IMarkTransactionsBroadcastOfResult;
}

const markTransactionsBroadcastOfIR: any = {"usedParamSet":{"headBlock":true,"hashes":true},"params":[{"name":"headBlock","required":true,"transform":{"type":"scalar"},"locs":[{"a":122,"b":132}]},{"name":"hashes","required":true,"transform":{"type":"scalar"},"locs":[{"a":161,"b":168}]}],"statement":"UPDATE anchor_transactions\n   SET status = 'broadcast', broadcast_at = now(), broadcast_block = coalesce(broadcast_block, :headBlock!::bigint)\n WHERE hash = ANY(:hashes!::bytea[]) AND status = 'signed'\nRETURNING hash, anchor_id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE anchor_transactions
 *    SET status = 'broadcast', broadcast_at = now(), broadcast_block = coalesce(broadcast_block, :headBlock!::bigint)
 *  WHERE hash = ANY(:hashes!::bytea[]) AND status = 'signed'
 * RETURNING hash, anchor_id
 * ```
 */
export const markTransactionsBroadcastOf = new PreparedQuery<IMarkTransactionsBroadcastOfParams,IMarkTransactionsBroadcastOfResult>(markTransactionsBroadcastOfIR);


/** 'AbandonSignedTransactions' parameters type */
export interface IAbandonSignedTransactionsParams {
  hashes: BufferArray;
}

/** 'AbandonSignedTransactions' return type */
export interface IAbandonSignedTransactionsResult {
  anchor_id: string;
  hash: Buffer;
}

/** 'AbandonSignedTransactions' query type */
export interface IAbandonSignedTransactionsQuery {
  params: IAbandonSignedTransactionsParams;
  result: IAbandonSignedTransactionsResult;
}

const abandonSignedTransactionsIR: any = {"usedParamSet":{"hashes":true},"params":[{"name":"hashes","required":true,"transform":{"type":"scalar"},"locs":[{"a":70,"b":77}]}],"statement":"UPDATE anchor_transactions SET status = 'abandoned'\n WHERE hash = ANY(:hashes!::bytea[]) AND status = 'signed'\nRETURNING anchor_id, hash"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE anchor_transactions SET status = 'abandoned'
 *  WHERE hash = ANY(:hashes!::bytea[]) AND status = 'signed'
 * RETURNING anchor_id, hash
 * ```
 */
export const abandonSignedTransactions = new PreparedQuery<IAbandonSignedTransactionsParams,IAbandonSignedTransactionsResult>(abandonSignedTransactionsIR);


/** 'PostponeQueuedAnchors' parameters type */
export interface IPostponeQueuedAnchorsParams {
  delaySeconds: number;
  error: string;
  ids: stringArray;
}

/** 'PostponeQueuedAnchors' return type */
export type IPostponeQueuedAnchorsResult = void;

/** 'PostponeQueuedAnchors' query type */
export interface IPostponeQueuedAnchorsQuery {
  params: IPostponeQueuedAnchorsParams;
  result: IPostponeQueuedAnchorsResult;
}

const postponeQueuedAnchorsIR: any = {"usedParamSet":{"delaySeconds":true,"error":true,"ids":true},"params":[{"name":"delaySeconds","required":true,"transform":{"type":"scalar"},"locs":[{"a":112,"b":125}]},{"name":"error","required":true,"transform":{"type":"scalar"},"locs":[{"a":207,"b":213}]},{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":251,"b":255}]}],"statement":"UPDATE anchors\n   SET send_attempts = send_attempts + 1,\n       next_attempt_at = now() + make_interval(secs => :delaySeconds!::float8),\n       first_error_at = coalesce(first_error_at, now()), last_error = :error!, updated_at = now()\n WHERE id = ANY(:ids!::text[]) AND status = 'queued'"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE anchors
 *    SET send_attempts = send_attempts + 1,
 *        next_attempt_at = now() + make_interval(secs => :delaySeconds!::float8),
 *        first_error_at = coalesce(first_error_at, now()), last_error = :error!, updated_at = now()
 *  WHERE id = ANY(:ids!::text[]) AND status = 'queued'
 * ```
 */
export const postponeQueuedAnchors = new PreparedQuery<IPostponeQueuedAnchorsParams,IPostponeQueuedAnchorsResult>(postponeQueuedAnchorsIR);


/** 'UnbroadcastTransactionsOf' parameters type */
export interface IUnbroadcastTransactionsOfParams {
  limit: NumberOrString;
  signerAddress: string;
}

/** 'UnbroadcastTransactionsOf' return type */
export interface IUnbroadcastTransactionsOfResult {
  anchor_id: string;
  created_at: Date;
  hash: Buffer;
  nonce: number;
  raw_transaction: string;
}

/** 'UnbroadcastTransactionsOf' query type */
export interface IUnbroadcastTransactionsOfQuery {
  params: IUnbroadcastTransactionsOfParams;
  result: IUnbroadcastTransactionsOfResult;
}

const unbroadcastTransactionsOfIR: any = {"usedParamSet":{"signerAddress":true,"limit":true},"params":[{"name":"signerAddress","required":true,"transform":{"type":"scalar"},"locs":[{"a":167,"b":181}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":266,"b":272}]}],"statement":"SELECT t.hash, t.raw_transaction, t.anchor_id, t.nonce, t.created_at\n  FROM anchor_transactions AS t JOIN anchors AS a ON a.id = t.anchor_id\n WHERE t.signer_address = :signerAddress! AND t.status = 'signed' AND a.status IN ('sent', 'mined')\n ORDER BY t.nonce\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT t.hash, t.raw_transaction, t.anchor_id, t.nonce, t.created_at
 *   FROM anchor_transactions AS t JOIN anchors AS a ON a.id = t.anchor_id
 *  WHERE t.signer_address = :signerAddress! AND t.status = 'signed' AND a.status IN ('sent', 'mined')
 *  ORDER BY t.nonce
 *  LIMIT :limit!
 * ```
 */
export const unbroadcastTransactionsOf = new PreparedQuery<IUnbroadcastTransactionsOfParams,IUnbroadcastTransactionsOfResult>(unbroadcastTransactionsOfIR);


