/** Types generated for queries found in "packages/db/src/webhooks/reencrypt-webhook-secrets.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type NumberOrString = number | string;

/** 'WebhooksNotUnderKey' parameters type */
export interface IWebhooksNotUnderKeyParams {
  after: string;
  current: string;
  limit: NumberOrString;
}

/** 'WebhooksNotUnderKey' return type */
export interface IWebhooksNotUnderKeyResult {
  id: string;
  previous_secret: string | null;
  previous_secret_key_id: string | null;
  secret: string;
  secret_key_id: string;
}

/** 'WebhooksNotUnderKey' query type */
export interface IWebhooksNotUnderKeyQuery {
  params: IWebhooksNotUnderKeyParams;
  result: IWebhooksNotUnderKeyResult;
}

const webhooksNotUnderKeyIR: any = {"usedParamSet":{"after":true,"current":true,"limit":true},"params":[{"name":"after","required":true,"transform":{"type":"scalar"},"locs":[{"a":226,"b":232}]},{"name":"current","required":true,"transform":{"type":"scalar"},"locs":[{"a":273,"b":281},{"a":373,"b":381}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":411,"b":417}]}],"statement":"-- a page of webhooks (deleted ones too) with a secret, current or previous, not under the key, by id\nSELECT id AS \"id!\", secret AS \"secret!\", secret_key_id, previous_secret, previous_secret_key_id\n  FROM webhooks\n WHERE id > :after!\n   AND (secret_key_id IS DISTINCT FROM :current!::text\n        OR (previous_secret IS NOT NULL AND previous_secret_key_id IS DISTINCT FROM :current!::text))\n ORDER BY id\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * -- a page of webhooks (deleted ones too) with a secret, current or previous, not under the key, by id
 * SELECT id AS "id!", secret AS "secret!", secret_key_id, previous_secret, previous_secret_key_id
 *   FROM webhooks
 *  WHERE id > :after!
 *    AND (secret_key_id IS DISTINCT FROM :current!::text
 *         OR (previous_secret IS NOT NULL AND previous_secret_key_id IS DISTINCT FROM :current!::text))
 *  ORDER BY id
 *  LIMIT :limit!
 * ```
 */
export const webhooksNotUnderKey = new PreparedQuery<IWebhooksNotUnderKeyParams,IWebhooksNotUnderKeyResult>(webhooksNotUnderKeyIR);


/** 'SecretKeysInUse' parameters type */
export type ISecretKeysInUseParams = void;

/** 'SecretKeysInUse' return type */
export interface ISecretKeysInUseResult {
  example: string;
  key_id: string;
  values: number;
}

/** 'SecretKeysInUse' query type */
export interface ISecretKeysInUseQuery {
  params: ISecretKeysInUseParams;
  result: ISecretKeysInUseResult;
}

const secretKeysInUseIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT key_id AS \"key_id!\", count(*)::int AS \"values!\", min(id) AS \"example!\"\n  FROM (SELECT id, secret_key_id AS key_id FROM webhooks\n        UNION ALL\n        SELECT id, previous_secret_key_id FROM webhooks WHERE previous_secret IS NOT NULL) AS v\n WHERE key_id IS NOT NULL\n GROUP BY key_id\n ORDER BY key_id"};

/**
 * Query generated from SQL:
 * ```
 * SELECT key_id AS "key_id!", count(*)::int AS "values!", min(id) AS "example!"
 *   FROM (SELECT id, secret_key_id AS key_id FROM webhooks
 *         UNION ALL
 *         SELECT id, previous_secret_key_id FROM webhooks WHERE previous_secret IS NOT NULL) AS v
 *  WHERE key_id IS NOT NULL
 *  GROUP BY key_id
 *  ORDER BY key_id
 * ```
 */
export const secretKeysInUse = new PreparedQuery<ISecretKeysInUseParams,ISecretKeysInUseResult>(secretKeysInUseIR);


/** 'ResealWebhookSecrets' parameters type */
export interface IResealWebhookSecretsParams {
  id: string;
  previousSecret?: string | null | void;
  previousSecretKeyId?: string | null | void;
  secret: string;
  secretKeyId: string;
  wasPreviousSecret?: string | null | void;
  wasPreviousSecretKeyId?: string | null | void;
  wasSecret: string;
  wasSecretKeyId?: string | null | void;
}

/** 'ResealWebhookSecrets' return type */
export interface IResealWebhookSecretsResult {
  id: string;
}

/** 'ResealWebhookSecrets' query type */
export interface IResealWebhookSecretsQuery {
  params: IResealWebhookSecretsParams;
  result: IResealWebhookSecretsResult;
}

const resealWebhookSecretsIR: any = {"usedParamSet":{"secret":true,"secretKeyId":true,"previousSecret":true,"previousSecretKeyId":true,"id":true,"wasSecret":true,"wasSecretKeyId":true,"wasPreviousSecret":true,"wasPreviousSecretKeyId":true},"params":[{"name":"secret","required":true,"transform":{"type":"scalar"},"locs":[{"a":116,"b":123}]},{"name":"secretKeyId","required":true,"transform":{"type":"scalar"},"locs":[{"a":142,"b":154}]},{"name":"previousSecret","required":false,"transform":{"type":"scalar"},"locs":[{"a":182,"b":196}]},{"name":"previousSecretKeyId","required":false,"transform":{"type":"scalar"},"locs":[{"a":224,"b":243}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":257,"b":260}]},{"name":"wasSecret","required":true,"transform":{"type":"scalar"},"locs":[{"a":278,"b":288}]},{"name":"wasSecretKeyId","required":false,"transform":{"type":"scalar"},"locs":[{"a":329,"b":343}]},{"name":"wasPreviousSecret","required":false,"transform":{"type":"scalar"},"locs":[{"a":395,"b":412}]},{"name":"wasPreviousSecretKeyId","required":false,"transform":{"type":"scalar"},"locs":[{"a":471,"b":493}]}],"statement":"-- a compare-and-set on the values read: a concurrent rotation is never overwritten\nUPDATE webhooks\n   SET secret = :secret!, secret_key_id = :secretKeyId!,\n       previous_secret = :previousSecret, previous_secret_key_id = :previousSecretKeyId\n WHERE id = :id!\n   AND secret = :wasSecret! AND secret_key_id IS NOT DISTINCT FROM :wasSecretKeyId::text\n   AND previous_secret IS NOT DISTINCT FROM :wasPreviousSecret::text\n   AND previous_secret_key_id IS NOT DISTINCT FROM :wasPreviousSecretKeyId::text\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * -- a compare-and-set on the values read: a concurrent rotation is never overwritten
 * UPDATE webhooks
 *    SET secret = :secret!, secret_key_id = :secretKeyId!,
 *        previous_secret = :previousSecret, previous_secret_key_id = :previousSecretKeyId
 *  WHERE id = :id!
 *    AND secret = :wasSecret! AND secret_key_id IS NOT DISTINCT FROM :wasSecretKeyId::text
 *    AND previous_secret IS NOT DISTINCT FROM :wasPreviousSecret::text
 *    AND previous_secret_key_id IS NOT DISTINCT FROM :wasPreviousSecretKeyId::text
 * RETURNING id
 * ```
 */
export const resealWebhookSecrets = new PreparedQuery<IResealWebhookSecretsParams,IResealWebhookSecretsResult>(resealWebhookSecretsIR);


/** 'WebhookSecrets' parameters type */
export interface IWebhookSecretsParams {
  id: string;
}

/** 'WebhookSecrets' return type */
export interface IWebhookSecretsResult {
  id: string;
  previous_secret: string | null;
  previous_secret_key_id: string | null;
  secret: string;
  secret_key_id: string;
}

/** 'WebhookSecrets' query type */
export interface IWebhookSecretsQuery {
  params: IWebhookSecretsParams;
  result: IWebhookSecretsResult;
}

const webhookSecretsIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":124,"b":127}]}],"statement":"SELECT id AS \"id!\", secret AS \"secret!\", secret_key_id, previous_secret, previous_secret_key_id\n  FROM webhooks\n WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id AS "id!", secret AS "secret!", secret_key_id, previous_secret, previous_secret_key_id
 *   FROM webhooks
 *  WHERE id = :id!
 * ```
 */
export const webhookSecrets = new PreparedQuery<IWebhookSecretsParams,IWebhookSecretsResult>(webhookSecretsIR);


