/** Types generated for queries found in "packages/db/src/webhooks/rotate-webhook-secret.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

/** 'RotateLiveWebhookSecret' parameters type */
export interface IRotateLiveWebhookSecretParams {
  expiresAt: DateOrString;
  now: DateOrString;
  secret: string;
  secretKeyId: string;
  userId: string;
  webhookId: string;
}

/** 'RotateLiveWebhookSecret' return type */
export interface IRotateLiveWebhookSecretResult {
  id: string;
}

/** 'RotateLiveWebhookSecret' query type */
export interface IRotateLiveWebhookSecretQuery {
  params: IRotateLiveWebhookSecretParams;
  result: IRotateLiveWebhookSecretResult;
}

const rotateLiveWebhookSecretIR: any = {"usedParamSet":{"secret":true,"secretKeyId":true,"expiresAt":true,"now":true,"webhookId":true,"userId":true},"params":[{"name":"secret","required":true,"transform":{"type":"scalar"},"locs":[{"a":206,"b":213}]},{"name":"secretKeyId","required":true,"transform":{"type":"scalar"},"locs":[{"a":232,"b":244}]},{"name":"expiresAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":283,"b":293}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":322,"b":326}]},{"name":"webhookId","required":true,"transform":{"type":"scalar"},"locs":[{"a":353,"b":363}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":379,"b":386}]}],"statement":"-- one UPDATE: previous_secret = secret reads the old value, so concurrent rotations cannot lose one\nUPDATE webhooks\n   SET previous_secret = secret, previous_secret_key_id = secret_key_id,\n       secret = :secret!, secret_key_id = :secretKeyId!,\n       previous_secret_expires_at = :expiresAt!::timestamptz, updated_at = :now!::timestamptz\n WHERE id = :webhookId! AND user_id = :userId! AND deleted_at IS NULL\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * -- one UPDATE: previous_secret = secret reads the old value, so concurrent rotations cannot lose one
 * UPDATE webhooks
 *    SET previous_secret = secret, previous_secret_key_id = secret_key_id,
 *        secret = :secret!, secret_key_id = :secretKeyId!,
 *        previous_secret_expires_at = :expiresAt!::timestamptz, updated_at = :now!::timestamptz
 *  WHERE id = :webhookId! AND user_id = :userId! AND deleted_at IS NULL
 * RETURNING id
 * ```
 */
export const rotateLiveWebhookSecret = new PreparedQuery<IRotateLiveWebhookSecretParams,IRotateLiveWebhookSecretResult>(rotateLiveWebhookSecretIR);


