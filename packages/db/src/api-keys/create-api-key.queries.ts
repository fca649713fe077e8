/** Types generated for queries found in "packages/db/src/api-keys/create-api-key.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type KeyType = 'full' | 'public' | 'read_only' | 'restricted';

export type DateOrString = Date | string;

export type stringArray = (string)[];

/** 'UpsertUserPlan' parameters type */
export interface IUpsertUserPlanParams {
  newPlan: string;
  setPlan?: string | null | void;
  userId: string;
}

/** 'UpsertUserPlan' return type */
export type IUpsertUserPlanResult = void;

/** 'UpsertUserPlan' query type */
export interface IUpsertUserPlanQuery {
  params: IUpsertUserPlanParams;
  result: IUpsertUserPlanResult;
}

const upsertUserPlanIR: any = {"usedParamSet":{"userId":true,"newPlan":true,"setPlan":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":37,"b":44}]},{"name":"newPlan","required":true,"transform":{"type":"scalar"},"locs":[{"a":47,"b":55}]},{"name":"setPlan","required":false,"transform":{"type":"scalar"},"locs":[{"a":96,"b":103},{"a":111,"b":118}]}],"statement":"INSERT INTO users (id, plan) VALUES (:userId!, :newPlan!)\nON CONFLICT (id) DO UPDATE SET plan = :setPlan WHERE :setPlan::text IS NOT NULL"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO users (id, plan) VALUES (:userId!, :newPlan!)
 * ON CONFLICT (id) DO UPDATE SET plan = :setPlan WHERE :setPlan::text IS NOT NULL
 * ```
 */
export const upsertUserPlan = new PreparedQuery<IUpsertUserPlanParams,IUpsertUserPlanResult>(upsertUserPlanIR);


/** 'InsertApiKey' parameters type */
export interface IInsertApiKeyParams {
  agentPatterns: stringArray;
  displayPrefix: string;
  expiresAt?: DateOrString | null | void;
  hash: Buffer;
  id: string;
  name?: string | null | void;
  type: KeyType;
  userId: string;
}

/** 'InsertApiKey' return type */
export interface IInsertApiKeyResult {
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
  user_id: string;
}

/** 'InsertApiKey' query type */
export interface IInsertApiKeyQuery {
  params: IInsertApiKeyParams;
  result: IInsertApiKeyResult;
}

const insertApiKeyIR: any = {"usedParamSet":{"id":true,"userId":true,"type":true,"hash":true,"displayPrefix":true,"agentPatterns":true,"expiresAt":true,"name":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":116,"b":119},{"a":182,"b":185}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":122,"b":129}]},{"name":"type","required":true,"transform":{"type":"scalar"},"locs":[{"a":132,"b":137}]},{"name":"hash","required":true,"transform":{"type":"scalar"},"locs":[{"a":140,"b":145}]},{"name":"displayPrefix","required":true,"transform":{"type":"scalar"},"locs":[{"a":148,"b":162}]},{"name":"agentPatterns","required":true,"transform":{"type":"scalar"},"locs":[{"a":165,"b":179}]},{"name":"expiresAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":188,"b":197}]},{"name":"name","required":false,"transform":{"type":"scalar"},"locs":[{"a":200,"b":204}]}],"statement":"INSERT INTO api_keys (id, user_id, type, hash, display_prefix, agent_patterns, family_id, expires_at, name)\nVALUES (:id!, :userId!, :type!, :hash!, :displayPrefix!, :agentPatterns!, :id!, :expiresAt, :name)\nRETURNING *"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO api_keys (id, user_id, type, hash, display_prefix, agent_patterns, family_id, expires_at, name)
 * VALUES (:id!, :userId!, :type!, :hash!, :displayPrefix!, :agentPatterns!, :id!, :expiresAt, :name)
 * RETURNING *
 * ```
 */
export const insertApiKey = new PreparedQuery<IInsertApiKeyParams,IInsertApiKeyResult>(insertApiKeyIR);


