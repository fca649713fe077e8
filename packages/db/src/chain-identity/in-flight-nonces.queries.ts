/** Types generated for queries found in "packages/db/src/chain-identity/in-flight-nonces.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type BufferArray = (Buffer)[];

export type numberArray = (number)[];

export type stringArray = (string)[];

/** 'InFlightAnchorsOf' parameters type */
export interface IInFlightAnchorsOfParams {
  signerAddress: string;
}

/** 'InFlightAnchorsOf' return type */
export interface IInFlightAnchorsOfResult {
  anchored_count: number;
  broadcast_at: Date | null;
  broadcast_block: string | null;
  chain_id: number;
  gas_limit: number;
  id: string;
  max_fee: string;
  max_tip: string;
  merkle_root: Buffer;
  nonce: number;
  registry_address: string;
}

/** 'InFlightAnchorsOf' query type */
export interface IInFlightAnchorsOfQuery {
  params: IInFlightAnchorsOfParams;
  result: IInFlightAnchorsOfResult;
}

const inFlightAnchorsOfIR: any = {"usedParamSet":{"signerAddress":true},"params":[{"name":"signerAddress","required":true,"transform":{"type":"scalar"},"locs":[{"a":532,"b":546}]}],"statement":"SELECT a.id, a.merkle_root, ctxlog_anchored_count(a.tree_size, a.context_count) AS \"anchored_count!\", a.chain_id, a.registry_address, a.nonce AS \"nonce!\",\n       max(t.gas_limit) AS \"gas_limit!\", max(t.max_fee_per_gas)::text AS \"max_fee!\",\n       max(t.max_priority_fee_per_gas)::text AS \"max_tip!\",\n       max(t.broadcast_at) AS broadcast_at, min(t.broadcast_block)::text AS broadcast_block\n  FROM anchors AS a\n  JOIN anchor_transactions AS t ON t.anchor_id = a.id AND t.status IN ('signed', 'broadcast')\n WHERE a.signer_address = :signerAddress! AND a.status = 'sent' AND a.nonce IS NOT NULL\n GROUP BY a.id\n ORDER BY a.nonce, a.id"};

/**
 * Query generated from SQL:
 * ```
 * SELECT a.id, a.merkle_root, ctxlog_anchored_count(a.tree_size, a.context_count) AS "anchored_count!", a.chain_id, a.registry_address, a.nonce AS "nonce!",
 *        max(t.gas_limit) AS "gas_limit!", max(t.max_fee_per_gas)::text AS "max_fee!",
 *        max(t.max_priority_fee_per_gas)::text AS "max_tip!",
 *        max(t.broadcast_at) AS broadcast_at, min(t.broadcast_block)::text AS broadcast_block
 *   FROM anchors AS a
 *   JOIN anchor_transactions AS t ON t.anchor_id = a.id AND t.status IN ('signed', 'broadcast')
 *  WHERE a.signer_address = :signerAddress! AND a.status = 'sent' AND a.nonce IS NOT NULL
 *  GROUP BY a.id
 *  ORDER BY a.nonce, a.id
 * ```
 */
export const inFlightAnchorsOf = new PreparedQuery<IInFlightAnchorsOfParams,IInFlightAnchorsOfResult>(inFlightAnchorsOfIR);


/** 'LockAnchors' parameters type */
export interface ILockAnchorsParams {
  ids: stringArray;
}

/** 'LockAnchors' return type */
export interface ILockAnchorsResult {
  id: string;
}

/** 'LockAnchors' query type */
export interface ILockAnchorsQuery {
  params: ILockAnchorsParams;
  result: ILockAnchorsResult;
}

const lockAnchorsIR: any = {"usedParamSet":{"ids":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":132,"b":136}]}],"statement":"-- anchor rows first, then their transactions: the order every path that changes a batch uses\nSELECT id FROM anchors WHERE id = ANY(:ids!::text[]) ORDER BY id FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * -- anchor rows first, then their transactions: the order every path that changes a batch uses
 * SELECT id FROM anchors WHERE id = ANY(:ids!::text[]) ORDER BY id FOR UPDATE
 * ```
 */
export const lockAnchors = new PreparedQuery<ILockAnchorsParams,ILockAnchorsResult>(lockAnchorsIR);


/** 'AbandonLiveTransactionsOf' parameters type */
export interface IAbandonLiveTransactionsOfParams {
  ids: stringArray;
}

/** 'AbandonLiveTransactionsOf' return type */
export type IAbandonLiveTransactionsOfResult = void;

/** 'AbandonLiveTransactionsOf' query type */
export interface IAbandonLiveTransactionsOfQuery {
  params: IAbandonLiveTransactionsOfParams;
  result: IAbandonLiveTransactionsOfResult;
}

const abandonLiveTransactionsOfIR: any = {"usedParamSet":{"ids":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":75,"b":79}]}],"statement":"UPDATE anchor_transactions SET status = 'abandoned'\n WHERE anchor_id = ANY(:ids!::text[]) AND status IN ('signed', 'broadcast')"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE anchor_transactions SET status = 'abandoned'
 *  WHERE anchor_id = ANY(:ids!::text[]) AND status IN ('signed', 'broadcast')
 * ```
 */
export const abandonLiveTransactionsOf = new PreparedQuery<IAbandonLiveTransactionsOfParams,IAbandonLiveTransactionsOfResult>(abandonLiveTransactionsOfIR);


/** 'MoveAnchorsToNonces' parameters type */
export interface IMoveAnchorsToNoncesParams {
  hashes: BufferArray;
  ids: stringArray;
  nonces: numberArray;
}

/** 'MoveAnchorsToNonces' return type */
export type IMoveAnchorsToNoncesResult = void;

/** 'MoveAnchorsToNonces' query type */
export interface IMoveAnchorsToNoncesQuery {
  params: IMoveAnchorsToNoncesParams;
  result: IMoveAnchorsToNoncesResult;
}

const moveAnchorsToNoncesIR: any = {"usedParamSet":{"ids":true,"hashes":true,"nonces":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":101,"b":105}]},{"name":"hashes","required":true,"transform":{"type":"scalar"},"locs":[{"a":116,"b":123}]},{"name":"nonces","required":true,"transform":{"type":"scalar"},"locs":[{"a":135,"b":142}]}],"statement":"UPDATE anchors AS a SET nonce = v.nonce, transaction_hash = v.hash, updated_at = now()\n  FROM unnest(:ids!::text[], :hashes!::bytea[], :nonces!::int[]) AS v(id, hash, nonce)\n WHERE a.id = v.id AND a.status = 'sent'"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE anchors AS a SET nonce = v.nonce, transaction_hash = v.hash, updated_at = now()
 *   FROM unnest(:ids!::text[], :hashes!::bytea[], :nonces!::int[]) AS v(id, hash, nonce)
 *  WHERE a.id = v.id AND a.status = 'sent'
 * ```
 */
export const moveAnchorsToNonces = new PreparedQuery<IMoveAnchorsToNoncesParams,IMoveAnchorsToNoncesResult>(moveAnchorsToNoncesIR);


