/** Types generated for queries found in "packages/db/src/webhooks/list-webhooks.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type WebhookStatus = 'active' | 'degraded' | 'failing';

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'WebhooksOfUser' parameters type */
export interface IWebhooksOfUserParams {
  after?: string | null | void;
  health?: string | null | void;
  limit: NumberOrString;
  userId: string;
}

/** 'WebhooksOfUser' return type */
export interface IWebhooksOfUserResult {
  createdAt: Date;
  description: string;
  disabledAt: Date | null;
  disabledReason: string | null;
  events: stringArray;
  id: string;
  previousSecretExpiresAt: Date | null;
  rateLimit: number | null;
  status: WebhookStatus;
  updatedAt: Date;
  url: string;
}

/** 'WebhooksOfUser' query type */
export interface IWebhooksOfUserQuery {
  params: IWebhooksOfUserParams;
  result: IWebhooksOfUserResult;
}

const webhooksOfUserIR: any = {"usedParamSet":{"userId":true,"health":true,"after":true,"limit":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":396,"b":403}]},{"name":"health","required":false,"transform":{"type":"scalar"},"locs":[{"a":438,"b":444},{"a":526,"b":532}]},{"name":"after","required":false,"transform":{"type":"scalar"},"locs":[{"a":543,"b":548},{"a":574,"b":579}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":609,"b":615}]}],"statement":"SELECT w.id AS \"id!\", w.url AS \"url!\", w.events AS \"events!\", w.description AS \"description!\",\n       w.status AS \"status!\", w.disabled_at AS \"disabledAt\", w.disabled_reason AS \"disabledReason\",\n       w.rate_limit AS \"rateLimit\", w.created_at AS \"createdAt!\", w.updated_at AS \"updatedAt!\",\n       w.previous_secret_expires_at AS \"previousSecretExpiresAt\"\n  FROM webhooks AS w\n WHERE w.user_id = :userId! AND w.deleted_at IS NULL\n   AND (:health::text IS NULL OR ctxlog_endpoint_state(w.status, w.disabled_at, w.deleted_at) = :health)\n   AND (:after::text IS NULL OR w.id < :after)\n ORDER BY w.id DESC\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT w.id AS "id!", w.url AS "url!", w.events AS "events!", w.description AS "description!",
 *        w.status AS "status!", w.disabled_at AS "disabledAt", w.disabled_reason AS "disabledReason",
 *        w.rate_limit AS "rateLimit", w.created_at AS "createdAt!", w.updated_at AS "updatedAt!",
 *        w.previous_secret_expires_at AS "previousSecretExpiresAt"
 *   FROM webhooks AS w
 *  WHERE w.user_id = :userId! AND w.deleted_at IS NULL
 *    AND (:health::text IS NULL OR ctxlog_endpoint_state(w.status, w.disabled_at, w.deleted_at) = :health)
 *    AND (:after::text IS NULL OR w.id < :after)
 *  ORDER BY w.id DESC
 *  LIMIT :limit!
 * ```
 */
export const webhooksOfUser = new PreparedQuery<IWebhooksOfUserParams,IWebhooksOfUserResult>(webhooksOfUserIR);


