/** Types generated for queries found in "packages/db/src/webhooks/create-webhook.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'LiveWebhooksOfLockedUser' parameters type */
export interface ILiveWebhooksOfLockedUserParams {
  userId: string;
}

/** 'LiveWebhooksOfLockedUser' return type */
export interface ILiveWebhooksOfLockedUserResult {
  live: number;
}

/** 'LiveWebhooksOfLockedUser' query type */
export interface ILiveWebhooksOfLockedUserQuery {
  params: ILiveWebhooksOfLockedUserParams;
  result: ILiveWebhooksOfLockedUserResult;
}

const liveWebhooksOfLockedUserIR: any = {"usedParamSet":{"userId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":147,"b":154}]}],"statement":"-- the user's row locked for the count, so concurrent creations cannot both squeeze past the limit\nWITH locked AS (SELECT id FROM users WHERE id = :userId! FOR UPDATE)\nSELECT count(w.id)::int AS \"live!\"\n  FROM locked AS u LEFT JOIN webhooks AS w ON w.user_id = u.id AND w.deleted_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * -- the user's row locked for the count, so concurrent creations cannot both squeeze past the limit
 * WITH locked AS (SELECT id FROM users WHERE id = :userId! FOR UPDATE)
 * SELECT count(w.id)::int AS "live!"
 *   FROM locked AS u LEFT JOIN webhooks AS w ON w.user_id = u.id AND w.deleted_at IS NULL
 * ```
 */
export const liveWebhooksOfLockedUser = new PreparedQuery<ILiveWebhooksOfLockedUserParams,ILiveWebhooksOfLockedUserResult>(liveWebhooksOfLockedUserIR);


