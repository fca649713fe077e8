/** Types generated for queries found in "packages/db/src/verifications/find-anchored-contexts.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type Visibility = 'private' | 'public';

/** 'ContextsNamingTransaction' parameters type */
export interface IContextsNamingTransactionParams {
  contextHash: Buffer;
  keyFamilyId: string;
  limit: number;
  scope: string;
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
  key_family_id: string;
  network: string;
  prev_entry_hash: Buffer | null;
  retry_possible: boolean | null;
  sequence: number | null;
  signature: Buffer;
  signature_scheme: string;
  signer_address: string;
  updated_at: Date;
  user_id: string;
  visibility: Visibility;
}

/** 'ContextsNamingTransaction' query type */
export interface IContextsNamingTransactionQuery {
  params: IContextsNamingTransactionParams;
  result: IContextsNamingTransactionResult;
}

const contextsNamingTransactionIR: any = {"usedParamSet":{"userId":true,"scope":true,"keyFamilyId":true,"contextHash":true,"transactionHash":true,"limit":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":834,"b":841}]},{"name":"scope","required":true,"transform":{"type":"scalar"},"locs":[{"a":851,"b":857},{"a":885,"b":891},{"a":945,"b":951}]},{"name":"keyFamilyId","required":true,"transform":{"type":"scalar"},"locs":[{"a":983,"b":995}]},{"name":"contextHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":1023,"b":1035}]},{"name":"transactionHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":1065,"b":1081}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":1105,"b":1111}]}],"statement":"-- the reader's rows with this hash that name, as their own batch (failed in), the batch whose\n-- transaction this is. The reader's scope (contexts/reader-scope.ts: all, public or own) is a\n-- parameter: the statement is planned with it bound.\nSELECT c.id, c.user_id, c.api_key_id, c.key_family_id, c.agent_id, c.visibility, c.canonical_data,\n       c.context_hash, c.signature, c.signature_scheme, c.signer_address, c.network,\n       c.estimated_confirmation, c.error_code, c.error_message, c.error_details, c.failure_reason,\n       c.retry_possible, c.failed_at, c.created_at, c.updated_at, c.anchor_id, c.sequence,\n       c.prev_entry_hash, c.entry_hash, c.data_erased_at, c.data_erased_by, c.data_erasure_reason,\n       c.data_erasure_overrode_retention\n  FROM contexts c\n  JOIN anchors a ON a.id = c.anchor_id\n WHERE c.user_id = :userId!\n   AND (:scope!::text = 'all'\n        OR (:scope! = 'public' AND c.visibility = 'public')\n        OR (:scope! = 'own' AND c.key_family_id = :keyFamilyId!))\n   AND c.context_hash = :contextHash!\n   AND a.transaction_hash = :transactionHash!\n ORDER BY c.id\n LIMIT :limit!::int"};

/**
 * Query generated from SQL:
 * ```
 * -- the reader's rows with this hash that name, as their own batch (failed in), the batch whose
 * -- transaction this is. The reader's scope (contexts/reader-scope.ts: all, public or own) is a
 * -- parameter: the statement is planned with it bound.
 * SELECT c.id, c.user_id, c.api_key_id, c.key_family_id, c.agent_id, c.visibility, c.canonical_data,
 *        c.context_hash, c.signature, c.signature_scheme, c.signer_address, c.network,
 *        c.estimated_confirmation, c.error_code, c.error_message, c.error_details, c.failure_reason,
 *        c.retry_possible, c.failed_at, c.created_at, c.updated_at, c.anchor_id, c.sequence,
 *        c.prev_entry_hash, c.entry_hash, c.data_erased_at, c.data_erased_by, c.data_erasure_reason,
 *        c.data_erasure_overrode_retention
 *   FROM contexts c
 *   JOIN anchors a ON a.id = c.anchor_id
 *  WHERE c.user_id = :userId!
 *    AND (:scope!::text = 'all'
 *         OR (:scope! = 'public' AND c.visibility = 'public')
 *         OR (:scope! = 'own' AND c.key_family_id = :keyFamilyId!))
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
  keyFamilyId: string;
  limit: number;
  scope: string;
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
  key_family_id: string;
  network: string;
  prev_entry_hash: Buffer | null;
  retry_possible: boolean | null;
  sequence: number | null;
  signature: Buffer;
  signature_scheme: string;
  signer_address: string;
  updated_at: Date;
  user_id: string;
  visibility: Visibility;
}

/** 'ContextsWithHash' query type */
export interface IContextsWithHashQuery {
  params: IContextsWithHashParams;
  result: IContextsWithHashResult;
}

const contextsWithHashIR: any = {"usedParamSet":{"userId":true,"scope":true,"keyFamilyId":true,"contextHash":true,"limit":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":601,"b":608}]},{"name":"scope","required":true,"transform":{"type":"scalar"},"locs":[{"a":618,"b":624},{"a":652,"b":658},{"a":712,"b":718}]},{"name":"keyFamilyId","required":true,"transform":{"type":"scalar"},"locs":[{"a":750,"b":762}]},{"name":"contextHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":790,"b":802}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":826,"b":832}]}],"statement":"-- the reader's rows with this hash, oldest first\nSELECT c.id, c.user_id, c.api_key_id, c.key_family_id, c.agent_id, c.visibility, c.canonical_data,\n       c.context_hash, c.signature, c.signature_scheme, c.signer_address, c.network,\n       c.estimated_confirmation, c.error_code, c.error_message, c.error_details, c.failure_reason,\n       c.retry_possible, c.failed_at, c.created_at, c.updated_at, c.anchor_id, c.sequence,\n       c.prev_entry_hash, c.entry_hash, c.data_erased_at, c.data_erased_by, c.data_erasure_reason,\n       c.data_erasure_overrode_retention\n  FROM contexts c\n WHERE c.user_id = :userId!\n   AND (:scope!::text = 'all'\n        OR (:scope! = 'public' AND c.visibility = 'public')\n        OR (:scope! = 'own' AND c.key_family_id = :keyFamilyId!))\n   AND c.context_hash = :contextHash!\n ORDER BY c.id\n LIMIT :limit!::int"};

/**
 * Query generated from SQL:
 * ```
 * -- the reader's rows with this hash, oldest first
 * SELECT c.id, c.user_id, c.api_key_id, c.key_family_id, c.agent_id, c.visibility, c.canonical_data,
 *        c.context_hash, c.signature, c.signature_scheme, c.signer_address, c.network,
 *        c.estimated_confirmation, c.error_code, c.error_message, c.error_details, c.failure_reason,
 *        c.retry_possible, c.failed_at, c.created_at, c.updated_at, c.anchor_id, c.sequence,
 *        c.prev_entry_hash, c.entry_hash, c.data_erased_at, c.data_erased_by, c.data_erasure_reason,
 *        c.data_erasure_overrode_retention
 *   FROM contexts c
 *  WHERE c.user_id = :userId!
 *    AND (:scope!::text = 'all'
 *         OR (:scope! = 'public' AND c.visibility = 'public')
 *         OR (:scope! = 'own' AND c.key_family_id = :keyFamilyId!))
 *    AND c.context_hash = :contextHash!
 *  ORDER BY c.id
 *  LIMIT :limit!::int
 * ```
 */
export const contextsWithHash = new PreparedQuery<IContextsWithHashParams,IContextsWithHashResult>(contextsWithHashIR);


/** 'NewestContextWithHash' parameters type */
export interface INewestContextWithHashParams {
  contextHash: Buffer;
  keyFamilyId: string;
  scope: string;
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

const newestContextWithHashIR: any = {"usedParamSet":{"userId":true,"scope":true,"keyFamilyId":true,"contextHash":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":76,"b":83}]},{"name":"scope","required":true,"transform":{"type":"scalar"},"locs":[{"a":93,"b":99},{"a":127,"b":133},{"a":187,"b":193}]},{"name":"keyFamilyId","required":true,"transform":{"type":"scalar"},"locs":[{"a":225,"b":237}]},{"name":"contextHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":265,"b":277}]}],"statement":"SELECT c.id, c.created_at, c.anchor_id\n  FROM contexts c\n WHERE c.user_id = :userId!\n   AND (:scope!::text = 'all'\n        OR (:scope! = 'public' AND c.visibility = 'public')\n        OR (:scope! = 'own' AND c.key_family_id = :keyFamilyId!))\n   AND c.context_hash = :contextHash!\n ORDER BY c.id DESC\n LIMIT 1"};

/**
 * Query generated from SQL:
 * ```
 * SELECT c.id, c.created_at, c.anchor_id
 *   FROM contexts c
 *  WHERE c.user_id = :userId!
 *    AND (:scope!::text = 'all'
 *         OR (:scope! = 'public' AND c.visibility = 'public')
 *         OR (:scope! = 'own' AND c.key_family_id = :keyFamilyId!))
 *    AND c.context_hash = :contextHash!
 *  ORDER BY c.id DESC
 *  LIMIT 1
 * ```
 */
export const newestContextWithHash = new PreparedQuery<INewestContextWithHashParams,INewestContextWithHashResult>(newestContextWithHashIR);


