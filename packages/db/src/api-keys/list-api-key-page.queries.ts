/** Types generated for queries found in "packages/db/src/api-keys/list-api-key-page.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type KeyType = 'full' | 'public' | 'read_only' | 'restricted';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'UserKeysPage' parameters type */
export interface IUserKeysPageParams {
  after?: string | null | void;
  limit: NumberOrString;
  now: DateOrString;
  status?: string | null | void;
  userId: string;
}

/** 'UserKeysPage' return type */
export interface IUserKeysPageResult {
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

/** 'UserKeysPage' query type */
export interface IUserKeysPageQuery {
  params: IUserKeysPageParams;
  result: IUserKeysPageResult;
}

const userKeysPageIR: any = {"usedParamSet":{"userId":true,"status":true,"now":true,"after":true,"limit":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":192,"b":199}]},{"name":"status","required":false,"transform":{"type":"scalar"},"locs":[{"a":232,"b":238},{"a":266,"b":272},{"a":368,"b":374},{"a":428,"b":434}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":348,"b":352},{"a":489,"b":493}]},{"name":"after","required":false,"transform":{"type":"scalar"},"locs":[{"a":505,"b":510},{"a":534,"b":539}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":567,"b":573}]}],"statement":"SELECT id, user_id, type, display_prefix, agent_patterns, family_id, rolled_from_id, expires_at,\n       revoked_at, created_at, name, last_used_at, account_id\n  FROM api_keys\n WHERE user_id = :userId! AND account_id IS NULL\n   AND (:status::text IS NULL\n        OR (:status = 'active' AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > :now!))\n        OR (:status = 'revoked' AND revoked_at IS NOT NULL)\n        OR (:status = 'expired' AND revoked_at IS NULL AND expires_at <= :now!))\n   AND (:after::text IS NULL OR id < :after)\n ORDER BY id DESC\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, user_id, type, display_prefix, agent_patterns, family_id, rolled_from_id, expires_at,
 *        revoked_at, created_at, name, last_used_at, account_id
 *   FROM api_keys
 *  WHERE user_id = :userId! AND account_id IS NULL
 *    AND (:status::text IS NULL
 *         OR (:status = 'active' AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > :now!))
 *         OR (:status = 'revoked' AND revoked_at IS NOT NULL)
 *         OR (:status = 'expired' AND revoked_at IS NULL AND expires_at <= :now!))
 *    AND (:after::text IS NULL OR id < :after)
 *  ORDER BY id DESC
 *  LIMIT :limit!
 * ```
 */
export const userKeysPage = new PreparedQuery<IUserKeysPageParams,IUserKeysPageResult>(userKeysPageIR);


