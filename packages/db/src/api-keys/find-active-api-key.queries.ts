/** Types generated for queries found in "packages/db/src/api-keys/find-active-api-key.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type KeyType = 'full' | 'public' | 'read_only' | 'restricted';

export type stringArray = (string)[];

/** 'KeyWithUser' parameters type */
export interface IKeyWithUserParams {
  hash: Buffer;
}

/** 'KeyWithUser' return type */
export interface IKeyWithUserResult {
  account_id: string | null;
  agent_patterns: stringArray | null;
  created_at: Date;
  display_prefix: string;
  expires_at: Date | null;
  family_id: string;
  hash: Buffer;
  id: string;
  last_used_at: Date | null;
  name: string | null;
  revoked_at: Date | null;
  rolled_from_id: string | null;
  type: KeyType;
  u_created_at: Date;
  u_plan: string;
  user_id: string;
}

/** 'KeyWithUser' query type */
export interface IKeyWithUserQuery {
  params: IKeyWithUserParams;
  result: IKeyWithUserResult;
}

const keyWithUserIR: any = {"usedParamSet":{"hash":true},"params":[{"name":"hash","required":true,"transform":{"type":"scalar"},"locs":[{"a":132,"b":137}]}],"statement":"SELECT k.*, u.plan AS u_plan, u.created_at AS u_created_at\n  FROM api_keys AS k JOIN users AS u ON u.id = k.user_id\n WHERE k.hash = :hash!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT k.*, u.plan AS u_plan, u.created_at AS u_created_at
 *   FROM api_keys AS k JOIN users AS u ON u.id = k.user_id
 *  WHERE k.hash = :hash!
 * ```
 */
export const keyWithUser = new PreparedQuery<IKeyWithUserParams,IKeyWithUserResult>(keyWithUserIR);


