/** Types generated for queries found in "packages/db/src/webhooks/get-webhook.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type WebhookStatus = 'active' | 'degraded' | 'failing';

export type stringArray = (string)[];

/** 'LiveWebhookOfUser' parameters type */
export interface ILiveWebhookOfUserParams {
  userId: string;
  webhookId: string;
}

/** 'LiveWebhookOfUser' return type */
export interface ILiveWebhookOfUserResult {
  createdAt: Date;
  deletedAt: Date | null;
  description: string;
  disabledAt: Date | null;
  disabledReason: string | null;
  events: stringArray;
  failingSince: Date | null;
  id: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  previousSecretKeyId: string | null;
  rateLimit: number | null;
  secret: string;
  secretKeyId: string;
  status: WebhookStatus;
  updatedAt: Date;
  url: string;
  userId: string;
}

/** 'LiveWebhookOfUser' query type */
export interface ILiveWebhookOfUserQuery {
  params: ILiveWebhookOfUserParams;
  result: ILiveWebhookOfUserResult;
}

const liveWebhookOfUserIR: any = {"usedParamSet":{"webhookId":true,"userId":true},"params":[{"name":"webhookId","required":true,"transform":{"type":"scalar"},"locs":[{"a":597,"b":607}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":623,"b":630}]}],"statement":"SELECT id AS \"id!\", user_id AS \"userId!\", url AS \"url!\", events AS \"events!\", description AS \"description!\",\n       secret AS \"secret!\", secret_key_id AS \"secretKeyId\", previous_secret AS \"previousSecret\",\n       previous_secret_key_id AS \"previousSecretKeyId\", previous_secret_expires_at AS \"previousSecretExpiresAt\",\n       status AS \"status!\", failing_since AS \"failingSince\", disabled_at AS \"disabledAt\",\n       disabled_reason AS \"disabledReason\", rate_limit AS \"rateLimit\", deleted_at AS \"deletedAt\",\n       created_at AS \"createdAt!\", updated_at AS \"updatedAt!\"\n  FROM webhooks\n WHERE id = :webhookId! AND user_id = :userId! AND deleted_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id AS "id!", user_id AS "userId!", url AS "url!", events AS "events!", description AS "description!",
 *        secret AS "secret!", secret_key_id AS "secretKeyId", previous_secret AS "previousSecret",
 *        previous_secret_key_id AS "previousSecretKeyId", previous_secret_expires_at AS "previousSecretExpiresAt",
 *        status AS "status!", failing_since AS "failingSince", disabled_at AS "disabledAt",
 *        disabled_reason AS "disabledReason", rate_limit AS "rateLimit", deleted_at AS "deletedAt",
 *        created_at AS "createdAt!", updated_at AS "updatedAt!"
 *   FROM webhooks
 *  WHERE id = :webhookId! AND user_id = :userId! AND deleted_at IS NULL
 * ```
 */
export const liveWebhookOfUser = new PreparedQuery<ILiveWebhookOfUserParams,ILiveWebhookOfUserResult>(liveWebhookOfUserIR);


