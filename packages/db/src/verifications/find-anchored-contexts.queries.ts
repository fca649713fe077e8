/** Types generated for queries found in "packages/db/src/verifications/find-anchored-contexts.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type Visibility = 'private' | 'public';

export type stringArray = (string)[];

/** 'ContextsNamingTransaction' parameters type */
export interface IContextsNamingTransactionParams {
  contextHash: Buffer;
  limit: number;
  onlyKeys?: stringArray | null | void;
  onlyVisibility?: Visibility | null | void;
  transactionHash: Buffer;
  userId: string;
}

/** 'ContextsNamingTransaction' return type */
export interface IContextsNamingTransactionResult {
  agent_id: string;
  anchor_id: string | null;
  api_key_id: string;
  canonical_data: Buffer | null;
  context_hash: Buffer;
  created_at: Date;
  data_erased_at: Date | null;
  data_erased_by: string | null;
  data_erasure_overrode_retention: boolean | null;
  data_erasure_reason: string | null;
  entry_hash: Buffer | null;
  error_code: string | null;
  error_details: string | null;
  error_message: string | null;
  estimated_confirmation: Date;
  failed_at: Date | null;
  failure_reason: string | null;
  id: string;
  network: string;
  prev_entry_hash: Buffer | null;
  retry_possible: boolean | null;
  sequence: number | null;
  signature: Buffer;
  signature_scheme: string;
  signer_address: string;
  user_id: string;
  visibility: Visibility;
}

/** 'ContextsNamingTransaction' query type */
export interface IContextsNamingTransactionQuery {
  params: IContextsNamingTransactionParams;
  result: IContextsNamingTransactionResult;
}

const contextsNamingTransactionIR: any = {"usedParamSet":{"userId":true,"onlyVisibility":true,"onlyKeys":true,"contextHash":true,"transactionHash":true,"limit":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":206,"b":213}]},{"name":"onlyVisibility","required":false,"transform":{"type":"scalar"},"locs":[{"a":269,"b":283}]},{"name":"onlyKeys","required":false,"transform":{"type":"scalar"},"locs":[{"a":286,"b":294}]},{"name":"contextHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":321,"b":333}]},{"name":"transactionHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":363,"b":379}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":403,"b":409}]}],"statement":"-- the reader's rows with this hash that name, as their own batch (failed in), the batch whose\n-- transaction this is.\nSELECT c.*\n  FROM contexts c\n  JOIN anchors a ON a.id = c.anchor_id\n WHERE c.user_id = :userId!\n   AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)\n   AND c.context_hash = :contextHash!\n   AND a.transaction_hash = :transactionHash!\n ORDER BY c.id\n LIMIT :limit!::int"};

/**
 * Query generated from SQL:
 * ```
 * -- the reader's rows with this hash that name, as their own batch (failed in), the batch whose
 * -- transaction this is.
 * SELECT c.*
 *   FROM contexts c
 *   JOIN anchors a ON a.id = c.anchor_id
 *  WHERE c.user_id = :userId!
 *    AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)
 *    AND c.context_hash = :contextHash!
 *    AND a.transaction_hash = :transactionHash!
 *  ORDER BY c.id
 *  LIMIT :limit!::int
 * ```
 */
export const contextsNamingTransaction = new PreparedQuery<IContextsNamingTransactionParams,IContextsNamingTransactionResult>(contextsNamingTransactionIR);


/** 'ContextsWithHash' parameters type */
export interface IContextsWithHashParams {
  contextHash: Buffer;
  limit: number;
  onlyKeys?: stringArray | null | void;
  onlyVisibility?: Visibility | null | void;
  userId: string;
}

/** 'ContextsWithHash' return type */
export interface IContextsWithHashResult {
  agent_id: string;
  anchor_id: string | null;
  api_key_id: string;
  canonical_data: Buffer | null;
  context_hash: Buffer;
  created_at: Date;
  data_erased_at: Date | null;
  data_erased_by: string | null;
  data_erasure_overrode_retention: boolean | null;
  data_erasure_reason: string | null;
  entry_hash: Buffer | null;
  error_code: string | null;
  error_details: string | null;
  error_message: string | null;
  estimated_confirmation: Date;
  failed_at: Date | null;
  failure_reason: string | null;
  id: string;
  network: string;
  prev_entry_hash: Buffer | null;
  retry_possible: boolean | null;
  sequence: number | null;
  signature: Buffer;
  signature_scheme: string;
  signer_address: string;
  user_id: string;
  visibility: Visibility;
}

/** 'ContextsWithHash' query type */
export interface IContextsWithHashQuery {
  params: IContextsWithHashParams;
  result: IContextsWithHashResult;
}

const contextsWithHashIR: any = {"usedParamSet":{"userId":true,"onlyVisibility":true,"onlyKeys":true,"contextHash":true,"limit":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":98,"b":105}]},{"name":"onlyVisibility","required":false,"transform":{"type":"scalar"},"locs":[{"a":161,"b":175}]},{"name":"onlyKeys","required":false,"transform":{"type":"scalar"},"locs":[{"a":178,"b":186}]},{"name":"contextHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":213,"b":225}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":249,"b":255}]}],"statement":"-- the reader's rows with this hash, oldest first\nSELECT c.*\n  FROM contexts c\n WHERE c.user_id = :userId!\n   AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)\n   AND c.context_hash = :contextHash!\n ORDER BY c.id\n LIMIT :limit!::int"};

/**
 * Query generated from SQL:
 * ```
 * -- the reader's rows with this hash, oldest first
 * SELECT c.*
 *   FROM contexts c
 *  WHERE c.user_id = :userId!
 *    AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)
 *    AND c.context_hash = :contextHash!
 *  ORDER BY c.id
 *  LIMIT :limit!::int
 * ```
 */
export const contextsWithHash = new PreparedQuery<IContextsWithHashParams,IContextsWithHashResult>(contextsWithHashIR);


/** 'NewestContextWithHash' parameters type */
export interface INewestContextWithHashParams {
  contextHash: Buffer;
  onlyKeys?: stringArray | null | void;
  onlyVisibility?: Visibility | null | void;
  userId: string;
}

/** 'NewestContextWithHash' return type */
export interface INewestContextWithHashResult {
  anchor_id: string | null;
  created_at: Date;
  id: string;
}

/** 'NewestContextWithHash' query type */
export interface INewestContextWithHashQuery {
  params: INewestContextWithHashParams;
  result: INewestContextWithHashResult;
}

const newestContextWithHashIR: any = {"usedParamSet":{"userId":true,"onlyVisibility":true,"onlyKeys":true,"contextHash":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":76,"b":83}]},{"name":"onlyVisibility","required":false,"transform":{"type":"scalar"},"locs":[{"a":139,"b":153}]},{"name":"onlyKeys","required":false,"transform":{"type":"scalar"},"locs":[{"a":156,"b":164}]},{"name":"contextHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":191,"b":203}]}],"statement":"SELECT c.id, c.created_at, c.anchor_id\n  FROM contexts c\n WHERE c.user_id = :userId!\n   AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)\n   AND c.context_hash = :contextHash!\n ORDER BY c.id DESC\n LIMIT 1"};

/**
 * Query generated from SQL:
 * ```
 * SELECT c.id, c.created_at, c.anchor_id
 *   FROM contexts c
 *  WHERE c.user_id = :userId!
 *    AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)
 *    AND c.context_hash = :contextHash!
 *  ORDER BY c.id DESC
 *  LIMIT 1
 * ```
 */
export const newestContextWithHash = new PreparedQuery<INewestContextWithHashParams,INewestContextWithHashResult>(newestContextWithHashIR);


