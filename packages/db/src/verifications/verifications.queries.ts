/** Types generated for queries found in "packages/db/src/verifications/verifications.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type BufferArray = (Buffer)[];

export type DateOrString = Date | string;

export type DateOrStringArray = (DateOrString)[];

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type NumberOrStringArray = (NumberOrString)[];

export type booleanArray = (boolean)[];

export type numberArray = (number)[];

export type stringArray = (string)[];

/** 'VerificationOf' parameters type */
export interface IVerificationOfParams {
  id: string;
  keyFamilyId: string;
  scope: string;
  userId: string;
}

/** 'VerificationOf' return type */
export interface IVerificationOfResult {
  agent_id: string;
  api_key_id: string;
  block_number: string | null;
  checks: Json;
  confirmations: number;
  context_hash: Buffer;
  context_id: string | null;
  created_at: Date;
  hash_matches: boolean;
  id: string;
  signature_valid: boolean;
  transaction_hash: Buffer | null;
  user_id: string;
  verification_time_ms: number;
  verified: boolean;
}

/** 'VerificationOf' query type */
export interface IVerificationOfQuery {
  params: IVerificationOfParams;
  result: IVerificationOfResult;
}

const verificationOfIR: any = {"usedParamSet":{"id":true,"userId":true,"scope":true,"keyFamilyId":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":135,"b":138}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":156,"b":163},{"a":269,"b":276}]},{"name":"scope","required":true,"transform":{"type":"scalar"},"locs":[{"a":173,"b":179}]},{"name":"keyFamilyId","required":true,"transform":{"type":"scalar"},"locs":[{"a":296,"b":308}]}],"statement":"-- a viewer of scope 'family' sees the verifications made with its own key family's keys\nSELECT v.* FROM verifications v\n WHERE v.id = :id! AND v.user_id = :userId!\n   AND (:scope!::text = 'all'\n        OR v.api_key_id IN (SELECT k.id FROM api_keys k WHERE k.user_id = :userId! AND k.family_id = :keyFamilyId!))"};

/**
 * Query generated from SQL:
 * ```
 * -- a viewer of scope 'family' sees the verifications made with its own key family's keys
 * SELECT v.* FROM verifications v
 *  WHERE v.id = :id! AND v.user_id = :userId!
 *    AND (:scope!::text = 'all'
 *         OR v.api_key_id IN (SELECT k.id FROM api_keys k WHERE k.user_id = :userId! AND k.family_id = :keyFamilyId!))
 * ```
 */
export const verificationOf = new PreparedQuery<IVerificationOfParams,IVerificationOfResult>(verificationOfIR);


/** 'VerificationsPage' parameters type */
export interface IVerificationsPageParams {
  after?: string | null | void;
  contextId?: string | null | void;
  idFrom?: string | null | void;
  idTo?: string | null | void;
  keyFamilyId: string;
  limit: number;
  scope: string;
  userId: string;
}

/** 'VerificationsPage' return type */
export interface IVerificationsPageResult {
  agent_id: string;
  api_key_id: string;
  block_number: string | null;
  checks: Json;
  confirmations: number;
  context_hash: Buffer;
  context_id: string | null;
  created_at: Date;
  hash_matches: boolean;
  id: string;
  signature_valid: boolean;
  transaction_hash: Buffer | null;
  user_id: string;
  verification_time_ms: number;
  verified: boolean;
}

/** 'VerificationsPage' query type */
export interface IVerificationsPageQuery {
  params: IVerificationsPageParams;
  result: IVerificationsPageResult;
}

const verificationsPageIR: any = {"usedParamSet":{"userId":true,"scope":true,"keyFamilyId":true,"contextId":true,"after":true,"idFrom":true,"idTo":true,"limit":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":51,"b":58},{"a":164,"b":171}]},{"name":"scope","required":true,"transform":{"type":"scalar"},"locs":[{"a":68,"b":74}]},{"name":"keyFamilyId","required":true,"transform":{"type":"scalar"},"locs":[{"a":191,"b":203}]},{"name":"contextId","required":false,"transform":{"type":"scalar"},"locs":[{"a":215,"b":224},{"a":258,"b":267}]},{"name":"after","required":false,"transform":{"type":"scalar"},"locs":[{"a":278,"b":283},{"a":309,"b":314}]},{"name":"idFrom","required":false,"transform":{"type":"scalar"},"locs":[{"a":325,"b":331},{"a":358,"b":364}]},{"name":"idTo","required":false,"transform":{"type":"scalar"},"locs":[{"a":375,"b":379},{"a":405,"b":409}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":439,"b":445}]}],"statement":"SELECT v.* FROM verifications v\n WHERE v.user_id = :userId!\n   AND (:scope!::text = 'all'\n        OR v.api_key_id IN (SELECT k.id FROM api_keys k WHERE k.user_id = :userId! AND k.family_id = :keyFamilyId!))\n   AND (:contextId::text IS NULL OR v.context_id = :contextId)\n   AND (:after::text IS NULL OR v.id < :after)\n   AND (:idFrom::text IS NULL OR v.id >= :idFrom)\n   AND (:idTo::text IS NULL OR v.id < :idTo)\n ORDER BY v.id DESC\n LIMIT :limit!::int"};

/**
 * Query generated from SQL:
 * ```
 * SELECT v.* FROM verifications v
 *  WHERE v.user_id = :userId!
 *    AND (:scope!::text = 'all'
 *         OR v.api_key_id IN (SELECT k.id FROM api_keys k WHERE k.user_id = :userId! AND k.family_id = :keyFamilyId!))
 *    AND (:contextId::text IS NULL OR v.context_id = :contextId)
 *    AND (:after::text IS NULL OR v.id < :after)
 *    AND (:idFrom::text IS NULL OR v.id >= :idFrom)
 *    AND (:idTo::text IS NULL OR v.id < :idTo)
 *  ORDER BY v.id DESC
 *  LIMIT :limit!::int
 * ```
 */
export const verificationsPage = new PreparedQuery<IVerificationsPageParams,IVerificationsPageResult>(verificationsPageIR);


/** 'InsertVerifications' parameters type */
export interface IInsertVerificationsParams {
  agentIds: stringArray;
  apiKeyIds: stringArray;
  blockNumbers: NumberOrStringArray;
  checks: stringArray;
  confirmations: numberArray;
  contextHashes: BufferArray;
  contextIds: stringArray;
  createdAts: DateOrStringArray;
  hashesMatch: booleanArray;
  ids: stringArray;
  signaturesValid: booleanArray;
  transactionHashes: BufferArray;
  userIds: stringArray;
  verificationTimesMs: numberArray;
  verified: booleanArray;
}

/** 'InsertVerifications' return type */
export type IInsertVerificationsResult = void;

/** 'InsertVerifications' query type */
export interface IInsertVerificationsQuery {
  params: IInsertVerificationsParams;
  result: IInsertVerificationsResult;
}

const insertVerificationsIR: any = {"usedParamSet":{"ids":true,"userIds":true,"apiKeyIds":true,"contextIds":true,"transactionHashes":true,"verified":true,"agentIds":true,"contextHashes":true,"signaturesValid":true,"hashesMatch":true,"blockNumbers":true,"confirmations":true,"verificationTimesMs":true,"checks":true,"createdAts":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":484,"b":488}]},{"name":"userIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":499,"b":507}]},{"name":"apiKeyIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":518,"b":528}]},{"name":"contextIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":539,"b":550}]},{"name":"transactionHashes","required":true,"transform":{"type":"scalar"},"locs":[{"a":575,"b":593}]},{"name":"verified","required":true,"transform":{"type":"scalar"},"locs":[{"a":605,"b":614}]},{"name":"agentIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":628,"b":637}]},{"name":"contextHashes","required":true,"transform":{"type":"scalar"},"locs":[{"a":662,"b":676}]},{"name":"signaturesValid","required":true,"transform":{"type":"scalar"},"locs":[{"a":688,"b":704}]},{"name":"hashesMatch","required":true,"transform":{"type":"scalar"},"locs":[{"a":718,"b":730}]},{"name":"blockNumbers","required":true,"transform":{"type":"scalar"},"locs":[{"a":758,"b":771}]},{"name":"confirmations","required":true,"transform":{"type":"scalar"},"locs":[{"a":782,"b":796}]},{"name":"verificationTimesMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":806,"b":826}]},{"name":"checks","required":true,"transform":{"type":"scalar"},"locs":[{"a":850,"b":857}]},{"name":"createdAts","required":true,"transform":{"type":"scalar"},"locs":[{"a":868,"b":879}]}],"statement":"INSERT INTO verifications (id, user_id, api_key_id, context_id, transaction_hash, verified, agent_id,\n  context_hash, signature_valid, hash_matches, block_number, confirmations, verification_time_ms,\n  checks, created_at)\nSELECT v.id, v.user_id, v.api_key_id, v.context_id, v.transaction_hash, v.verified, v.agent_id,\n       v.context_hash, v.signature_valid, v.hash_matches, v.block_number, v.confirmations,\n       v.verification_time_ms, v.checks::jsonb, v.created_at\n  FROM unnest(:ids!::text[], :userIds!::text[], :apiKeyIds!::text[], :contextIds!::text[],\n              :transactionHashes!::bytea[], :verified!::boolean[], :agentIds!::text[],\n              :contextHashes!::bytea[], :signaturesValid!::boolean[], :hashesMatch!::boolean[],\n              :blockNumbers!::int8[], :confirmations!::int[], :verificationTimesMs!::int[],\n              :checks!::text[], :createdAts!::timestamptz[])\n    AS v(id, user_id, api_key_id, context_id, transaction_hash, verified, agent_id, context_hash,\n         signature_valid, hash_matches, block_number, confirmations, verification_time_ms, checks,\n         created_at)"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO verifications (id, user_id, api_key_id, context_id, transaction_hash, verified, agent_id,
 *   context_hash, signature_valid, hash_matches, block_number, confirmations, verification_time_ms,
 *   checks, created_at)
 * SELECT v.id, v.user_id, v.api_key_id, v.context_id, v.transaction_hash, v.verified, v.agent_id,
 *        v.context_hash, v.signature_valid, v.hash_matches, v.block_number, v.confirmations,
 *        v.verification_time_ms, v.checks::jsonb, v.created_at
 *   FROM unnest(:ids!::text[], :userIds!::text[], :apiKeyIds!::text[], :contextIds!::text[],
 *               :transactionHashes!::bytea[], :verified!::boolean[], :agentIds!::text[],
 *               :contextHashes!::bytea[], :signaturesValid!::boolean[], :hashesMatch!::boolean[],
 *               :blockNumbers!::int8[], :confirmations!::int[], :verificationTimesMs!::int[],
 *               :checks!::text[], :createdAts!::timestamptz[])
 *     AS v(id, user_id, api_key_id, context_id, transaction_hash, verified, agent_id, context_hash,
 *          signature_valid, hash_matches, block_number, confirmations, verification_time_ms, checks,
 *          created_at)
 * ```
 */
export const insertVerifications = new PreparedQuery<IInsertVerificationsParams,IInsertVerificationsResult>(insertVerificationsIR);


