/** Types generated for queries found in "packages/db/src/api-keys/roll-api-key.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type KeyType = 'full' | 'public' | 'read_only' | 'restricted';

export type DateOrString = Date | string;

export type stringArray = (string)[];

/** 'KeyById' parameters type */
export interface IKeyByIdParams {
  keyId: string;
}

/** 'KeyById' return type */
export interface IKeyByIdResult {
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

/** 'KeyById' query type */
export interface IKeyByIdQuery {
  params: IKeyByIdParams;
  result: IKeyByIdResult;
}

const keyByIdIR: any = {"usedParamSet":{"keyId":true},"params":[{"name":"keyId","required":true,"transform":{"type":"scalar"},"locs":[{"a":34,"b":40}]}],"statement":"SELECT * FROM api_keys WHERE id = :keyId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT * FROM api_keys WHERE id = :keyId!
 * ```
 */
export const keyById = new PreparedQuery<IKeyByIdParams,IKeyByIdResult>(keyByIdIR);


/** 'InsertRolledKey' parameters type */
export interface IInsertRolledKeyParams {
  agentPatterns: stringArray;
  displayPrefix: string;
  expiresAt?: DateOrString | null | void;
  familyId: string;
  hash: Buffer;
  id: string;
  name?: string | null | void;
  rolledFromId: string;
  type: KeyType;
  userId: string;
}

/** 'InsertRolledKey' return type */
export interface IInsertRolledKeyResult {
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

/** 'InsertRolledKey' query type */
export interface IInsertRolledKeyQuery {
  params: IInsertRolledKeyParams;
  result: IInsertRolledKeyResult;
}

const insertRolledKeyIR: any = {"usedParamSet":{"id":true,"userId":true,"type":true,"hash":true,"displayPrefix":true,"agentPatterns":true,"familyId":true,"rolledFromId":true,"expiresAt":true,"name":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":154,"b":157}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":160,"b":167}]},{"name":"type","required":true,"transform":{"type":"scalar"},"locs":[{"a":170,"b":175}]},{"name":"hash","required":true,"transform":{"type":"scalar"},"locs":[{"a":178,"b":183}]},{"name":"displayPrefix","required":true,"transform":{"type":"scalar"},"locs":[{"a":186,"b":200}]},{"name":"agentPatterns","required":true,"transform":{"type":"scalar"},"locs":[{"a":203,"b":217}]},{"name":"familyId","required":true,"transform":{"type":"scalar"},"locs":[{"a":220,"b":229}]},{"name":"rolledFromId","required":true,"transform":{"type":"scalar"},"locs":[{"a":232,"b":245}]},{"name":"expiresAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":256,"b":265}]},{"name":"name","required":false,"transform":{"type":"scalar"},"locs":[{"a":268,"b":272}]}],"statement":"INSERT INTO api_keys (id, user_id, type, hash, display_prefix, agent_patterns, family_id,\n                      rolled_from_id, expires_at, name)\nVALUES (:id!, :userId!, :type!, :hash!, :displayPrefix!, :agentPatterns!, :familyId!, :rolledFromId!,\n        :expiresAt, :name)\nRETURNING *"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO api_keys (id, user_id, type, hash, display_prefix, agent_patterns, family_id,
 *                       rolled_from_id, expires_at, name)
 * VALUES (:id!, :userId!, :type!, :hash!, :displayPrefix!, :agentPatterns!, :familyId!, :rolledFromId!,
 *         :expiresAt, :name)
 * RETURNING *
 * ```
 */
export const insertRolledKey = new PreparedQuery<IInsertRolledKeyParams,IInsertRolledKeyResult>(insertRolledKeyIR);


/** 'SetKeyExpiry' parameters type */
export interface ISetKeyExpiryParams {
  expiresAt: DateOrString;
  keyId: string;
}

/** 'SetKeyExpiry' return type */
export interface ISetKeyExpiryResult {
  id: string;
}

/** 'SetKeyExpiry' query type */
export interface ISetKeyExpiryQuery {
  params: ISetKeyExpiryParams;
  result: ISetKeyExpiryResult;
}

const setKeyExpiryIR: any = {"usedParamSet":{"expiresAt":true,"keyId":true},"params":[{"name":"expiresAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":33,"b":43}]},{"name":"keyId","required":true,"transform":{"type":"scalar"},"locs":[{"a":56,"b":62}]}],"statement":"UPDATE api_keys SET expires_at = :expiresAt! WHERE id = :keyId! RETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE api_keys SET expires_at = :expiresAt! WHERE id = :keyId! RETURNING id
 * ```
 */
export const setKeyExpiry = new PreparedQuery<ISetKeyExpiryParams,ISetKeyExpiryResult>(setKeyExpiryIR);


