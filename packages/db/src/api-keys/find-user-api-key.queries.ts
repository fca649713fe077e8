/** Types generated for queries found in "packages/db/src/api-keys/find-user-api-key.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type KeyType = 'full' | 'public' | 'read_only' | 'restricted';

export type stringArray = (string)[];

/** 'UserKeyById' parameters type */
export interface IUserKeyByIdParams {
  keyId: string;
  userId: string;
}

/** 'UserKeyById' return type */
export interface IUserKeyByIdResult {
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

/** 'UserKeyById' query type */
export interface IUserKeyByIdQuery {
  params: IUserKeyByIdParams;
  result: IUserKeyByIdResult;
}

const userKeyByIdIR: any = {"usedParamSet":{"keyId":true,"userId":true},"params":[{"name":"keyId","required":true,"transform":{"type":"scalar"},"locs":[{"a":187,"b":193}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":209,"b":216}]}],"statement":"SELECT id, user_id, type, display_prefix, agent_patterns, family_id, rolled_from_id, expires_at,\n       revoked_at, created_at, name, last_used_at, account_id\n  FROM api_keys\n WHERE id = :keyId! AND user_id = :userId! AND account_id IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, user_id, type, display_prefix, agent_patterns, family_id, rolled_from_id, expires_at,
 *        revoked_at, created_at, name, last_used_at, account_id
 *   FROM api_keys
 *  WHERE id = :keyId! AND user_id = :userId! AND account_id IS NULL
 * ```
 */
export const userKeyById = new PreparedQuery<IUserKeyByIdParams,IUserKeyByIdResult>(userKeyByIdIR);


