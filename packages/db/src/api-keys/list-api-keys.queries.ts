/** Types generated for queries found in "packages/db/src/api-keys/list-api-keys.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type KeyType = 'full' | 'public' | 'read_only' | 'restricted';

export type stringArray = (string)[];

/** 'UserKeys' parameters type */
export interface IUserKeysParams {
  userId: string;
}

/** 'UserKeys' return type */
export interface IUserKeysResult {
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

/** 'UserKeys' query type */
export interface IUserKeysQuery {
  params: IUserKeysParams;
  result: IUserKeysResult;
}

const userKeysIR: any = {"usedParamSet":{"userId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":192,"b":199}]}],"statement":"SELECT id, user_id, type, display_prefix, agent_patterns, family_id, rolled_from_id, expires_at,\n       revoked_at, created_at, name, last_used_at, account_id\n  FROM api_keys\n WHERE user_id = :userId! AND account_id IS NULL\n ORDER BY id DESC"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, user_id, type, display_prefix, agent_patterns, family_id, rolled_from_id, expires_at,
 *        revoked_at, created_at, name, last_used_at, account_id
 *   FROM api_keys
 *  WHERE user_id = :userId! AND account_id IS NULL
 *  ORDER BY id DESC
 * ```
 */
export const userKeys = new PreparedQuery<IUserKeysParams,IUserKeysResult>(userKeysIR);


