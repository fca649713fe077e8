/** Types generated for queries found in "packages/db/src/idempotency/with-idempotency.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

/** 'ClaimIdempotencyKey' parameters type */
export interface IClaimIdempotencyKeyParams {
  expiresAt: DateOrString;
  key: string;
  keyFamilyId: string;
  method: string;
  now: DateOrString;
  path: string;
  requestHash: Buffer;
  userId: string;
}

/** 'ClaimIdempotencyKey' return type */
export interface IClaimIdempotencyKeyResult {
  claimed: number;
}

/** 'ClaimIdempotencyKey' query type */
export interface IClaimIdempotencyKeyQuery {
  params: IClaimIdempotencyKeyParams;
  result: IClaimIdempotencyKeyResult;
}

const claimIdempotencyKeyIR: any = {"usedParamSet":{"userId":true,"keyFamilyId":true,"key":true,"method":true,"path":true,"requestHash":true,"now":true,"expiresAt":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":222,"b":229}]},{"name":"keyFamilyId","required":true,"transform":{"type":"scalar"},"locs":[{"a":232,"b":244}]},{"name":"key","required":true,"transform":{"type":"scalar"},"locs":[{"a":247,"b":251}]},{"name":"method","required":true,"transform":{"type":"scalar"},"locs":[{"a":254,"b":261}]},{"name":"path","required":true,"transform":{"type":"scalar"},"locs":[{"a":264,"b":269}]},{"name":"requestHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":272,"b":284}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":294,"b":298}]},{"name":"expiresAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":316,"b":326}]}],"statement":"-- the claim, or nothing when the key has a record (live or expired)\nINSERT INTO idempotency_keys (user_id, key_family_id, key, method, path, request_hash, response_status,\n  response_body, created_at, expires_at)\nVALUES (:userId!, :keyFamilyId!, :key!, :method!, :path!, :requestHash!, 0, '', :now!::timestamptz,\n  :expiresAt!::timestamptz)\nON CONFLICT (key_family_id, key) DO NOTHING\nRETURNING 1 AS \"claimed!\""};

/**
 * Query generated from SQL:
 * ```
 * -- the claim, or nothing when the key has a record (live or expired)
 * INSERT INTO idempotency_keys (user_id, key_family_id, key, method, path, request_hash, response_status,
 *   response_body, created_at, expires_at)
 * VALUES (:userId!, :keyFamilyId!, :key!, :method!, :path!, :requestHash!, 0, '', :now!::timestamptz,
 *   :expiresAt!::timestamptz)
 * ON CONFLICT (key_family_id, key) DO NOTHING
 * RETURNING 1 AS "claimed!"
 * ```
 */
export const claimIdempotencyKey = new PreparedQuery<IClaimIdempotencyKeyParams,IClaimIdempotencyKeyResult>(claimIdempotencyKeyIR);


/** 'ReclaimExpiredIdempotencyKey' parameters type */
export interface IReclaimExpiredIdempotencyKeyParams {
  expiresAt: DateOrString;
  key: string;
  keyFamilyId: string;
  method: string;
  now: DateOrString;
  path: string;
  requestHash: Buffer;
}

/** 'ReclaimExpiredIdempotencyKey' return type */
export interface IReclaimExpiredIdempotencyKeyResult {
  claimed: number;
}

/** 'ReclaimExpiredIdempotencyKey' query type */
export interface IReclaimExpiredIdempotencyKeyQuery {
  params: IReclaimExpiredIdempotencyKeyParams;
  result: IReclaimExpiredIdempotencyKeyResult;
}

const reclaimExpiredIdempotencyKeyIR: any = {"usedParamSet":{"method":true,"path":true,"requestHash":true,"now":true,"expiresAt":true,"keyFamilyId":true,"key":true},"params":[{"name":"method","required":true,"transform":{"type":"scalar"},"locs":[{"a":177,"b":184}]},{"name":"path","required":true,"transform":{"type":"scalar"},"locs":[{"a":194,"b":199}]},{"name":"requestHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":217,"b":229}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":293,"b":297},{"a":422,"b":426}]},{"name":"expiresAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":326,"b":336}]},{"name":"keyFamilyId","required":true,"transform":{"type":"scalar"},"locs":[{"a":374,"b":386}]},{"name":"key","required":true,"transform":{"type":"scalar"},"locs":[{"a":398,"b":402}]}],"statement":"-- an expired record taken over as if it were not there (its user stays the one that first claimed\n-- the key: the family is one user's)\nUPDATE idempotency_keys\n   SET method = :method!, path = :path!, request_hash = :requestHash!, response_status = 0,\n       response_body = '', created_at = :now!::timestamptz, expires_at = :expiresAt!::timestamptz\n WHERE key_family_id = :keyFamilyId! AND key = :key! AND expires_at <= :now!::timestamptz\nRETURNING 1 AS \"claimed!\""};

/**
 * Query generated from SQL:
 * ```
 * -- an expired record taken over as if it were not there (its user stays the one that first claimed
 * -- the key: the family is one user's)
 * UPDATE idempotency_keys
 *    SET method = :method!, path = :path!, request_hash = :requestHash!, response_status = 0,
 *        response_body = '', created_at = :now!::timestamptz, expires_at = :expiresAt!::timestamptz
 *  WHERE key_family_id = :keyFamilyId! AND key = :key! AND expires_at <= :now!::timestamptz
 * RETURNING 1 AS "claimed!"
 * ```
 */
export const reclaimExpiredIdempotencyKey = new PreparedQuery<IReclaimExpiredIdempotencyKeyParams,IReclaimExpiredIdempotencyKeyResult>(reclaimExpiredIdempotencyKeyIR);


/** 'IdempotencyRecordOf' parameters type */
export interface IIdempotencyRecordOfParams {
  key: string;
  keyFamilyId: string;
}

/** 'IdempotencyRecordOf' return type */
export interface IIdempotencyRecordOfResult {
  method: string;
  path: string;
  request_hash: Buffer;
  response_body: string;
  response_status: number;
}

/** 'IdempotencyRecordOf' query type */
export interface IIdempotencyRecordOfQuery {
  params: IIdempotencyRecordOfParams;
  result: IIdempotencyRecordOfResult;
}

const idempotencyRecordOfIR: any = {"usedParamSet":{"keyFamilyId":true,"key":true},"params":[{"name":"keyFamilyId","required":true,"transform":{"type":"scalar"},"locs":[{"a":113,"b":125}]},{"name":"key","required":true,"transform":{"type":"scalar"},"locs":[{"a":137,"b":141}]}],"statement":"SELECT method, path, request_hash, response_status, response_body\n  FROM idempotency_keys\n WHERE key_family_id = :keyFamilyId! AND key = :key!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT method, path, request_hash, response_status, response_body
 *   FROM idempotency_keys
 *  WHERE key_family_id = :keyFamilyId! AND key = :key!
 * ```
 */
export const idempotencyRecordOf = new PreparedQuery<IIdempotencyRecordOfParams,IIdempotencyRecordOfResult>(idempotencyRecordOfIR);


/** 'StoreIdempotentResponse' parameters type */
export interface IStoreIdempotentResponseParams {
  body: string;
  key: string;
  keyFamilyId: string;
  status: number;
}

/** 'StoreIdempotentResponse' return type */
export interface IStoreIdempotentResponseResult {
  stored: number;
}

/** 'StoreIdempotentResponse' query type */
export interface IStoreIdempotentResponseQuery {
  params: IStoreIdempotentResponseParams;
  result: IStoreIdempotentResponseResult;
}

const storeIdempotentResponseIR: any = {"usedParamSet":{"status":true,"body":true,"keyFamilyId":true,"key":true},"params":[{"name":"status","required":true,"transform":{"type":"scalar"},"locs":[{"a":46,"b":53}]},{"name":"body","required":true,"transform":{"type":"scalar"},"locs":[{"a":72,"b":77}]},{"name":"keyFamilyId","required":true,"transform":{"type":"scalar"},"locs":[{"a":102,"b":114}]},{"name":"key","required":true,"transform":{"type":"scalar"},"locs":[{"a":126,"b":130}]}],"statement":"UPDATE idempotency_keys SET response_status = :status!, response_body = :body!\n WHERE key_family_id = :keyFamilyId! AND key = :key!\nRETURNING 1 AS \"stored!\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE idempotency_keys SET response_status = :status!, response_body = :body!
 *  WHERE key_family_id = :keyFamilyId! AND key = :key!
 * RETURNING 1 AS "stored!"
 * ```
 */
export const storeIdempotentResponse = new PreparedQuery<IStoreIdempotentResponseParams,IStoreIdempotentResponseResult>(storeIdempotentResponseIR);


/** 'DeleteExpiredIdempotencyKeysAt' parameters type */
export interface IDeleteExpiredIdempotencyKeysAtParams {
  now: DateOrString;
}

/** 'DeleteExpiredIdempotencyKeysAt' return type */
export interface IDeleteExpiredIdempotencyKeysAtResult {
  count: number;
}

/** 'DeleteExpiredIdempotencyKeysAt' query type */
export interface IDeleteExpiredIdempotencyKeysAtQuery {
  params: IDeleteExpiredIdempotencyKeysAtParams;
  result: IDeleteExpiredIdempotencyKeysAtResult;
}

const deleteExpiredIdempotencyKeysAtIR: any = {"usedParamSet":{"now":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":66,"b":70}]}],"statement":"WITH deleted AS (DELETE FROM idempotency_keys WHERE expires_at <= :now!::timestamptz RETURNING 1)\nSELECT count(*)::int AS \"count!\" FROM deleted"};

/**
 * Query generated from SQL:
 * ```
 * WITH deleted AS (DELETE FROM idempotency_keys WHERE expires_at <= :now!::timestamptz RETURNING 1)
 * SELECT count(*)::int AS "count!" FROM deleted
 * ```
 */
export const deleteExpiredIdempotencyKeysAt = new PreparedQuery<IDeleteExpiredIdempotencyKeysAtParams,IDeleteExpiredIdempotencyKeysAtResult>(deleteExpiredIdempotencyKeysAtIR);


