/** Types generated for queries found in "packages/db/src/api-keys/revoke-api-key.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type KeyType = 'full' | 'public' | 'read_only' | 'restricted';

export type DateOrString = Date | string;

export type stringArray = (string)[];

/** 'RevokeUserKey' parameters type */
export interface IRevokeUserKeyParams {
  keyId: string;
  now: DateOrString;
}

/** 'RevokeUserKey' return type */
export interface IRevokeUserKeyResult {
  account_id: string | null;
  agent_patterns: stringArray | null;
  created_at: Date;
  display_prefix: string;
  expires_at: Date | null;
  family_id: string;
  id: string;
  last_used_at: Date | null;
  name: string | null;
  revoked_at: Date | null;
  rolled_from_id: string | null;
  type: KeyType;
  user_id: string;
}

/** 'RevokeUserKey' query type */
export interface IRevokeUserKeyQuery {
  params: IRevokeUserKeyParams;
  result: IRevokeUserKeyResult;
}

const revokeUserKeyIR: any = {"usedParamSet":{"now":true,"keyId":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":54,"b":58}]},{"name":"keyId","required":true,"transform":{"type":"scalar"},"locs":[{"a":73,"b":79}]}],"statement":"UPDATE api_keys SET revoked_at = COALESCE(revoked_at, :now!)\n WHERE id = :keyId! AND account_id IS NULL\nRETURNING id, user_id, type, display_prefix, agent_patterns, family_id, rolled_from_id, expires_at,\n          revoked_at, created_at, name, last_used_at, account_id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE api_keys SET revoked_at = COALESCE(revoked_at, :now!)
 *  WHERE id = :keyId! AND account_id IS NULL
 * RETURNING id, user_id, type, display_prefix, agent_patterns, family_id, rolled_from_id, expires_at,
 *           revoked_at, created_at, name, last_used_at, account_id
 * ```
 */
export const revokeUserKey = new PreparedQuery<IRevokeUserKeyParams,IRevokeUserKeyResult>(revokeUserKeyIR);


