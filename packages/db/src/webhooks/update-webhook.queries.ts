/** Types generated for queries found in "packages/db/src/webhooks/update-webhook.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type stringArray = (string)[];

/** 'PatchLiveWebhook' parameters type */
export interface IPatchLiveWebhookParams {
  description?: string | null | void;
  events?: stringArray | null | void;
  rateLimit?: number | null | void;
  setRateLimit: boolean;
  url?: string | null | void;
  userId: string;
  webhookId: string;
}

/** 'PatchLiveWebhook' return type */
export interface IPatchLiveWebhookResult {
  id: string;
}

/** 'PatchLiveWebhook' query type */
export interface IPatchLiveWebhookQuery {
  params: IPatchLiveWebhookParams;
  result: IPatchLiveWebhookResult;
}

const patchLiveWebhookIR: any = {"usedParamSet":{"url":true,"events":true,"description":true,"setRateLimit":true,"rateLimit":true,"webhookId":true,"userId":true},"params":[{"name":"url","required":false,"transform":{"type":"scalar"},"locs":[{"a":207,"b":210}]},{"name":"events","required":false,"transform":{"type":"scalar"},"locs":[{"a":243,"b":249}]},{"name":"description","required":false,"transform":{"type":"scalar"},"locs":[{"a":299,"b":310}]},{"name":"setRateLimit","required":true,"transform":{"type":"scalar"},"locs":[{"a":363,"b":376}]},{"name":"rateLimit","required":false,"transform":{"type":"scalar"},"locs":[{"a":392,"b":401}]},{"name":"webhookId","required":true,"transform":{"type":"scalar"},"locs":[{"a":467,"b":477}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":493,"b":500}]}],"statement":"-- each field given replaces the stored one (a null url, events or description: not given); the rate\n-- limit is replaced when setRateLimit (its null removes the limit)\nUPDATE webhooks\n   SET url = coalesce(:url::text, url), events = coalesce(:events::text[], events),\n       description = coalesce(:description::text, description),\n       rate_limit = CASE WHEN :setRateLimit!::boolean THEN :rateLimit::int ELSE rate_limit END,\n       updated_at = now()\n WHERE id = :webhookId! AND user_id = :userId! AND deleted_at IS NULL\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * -- each field given replaces the stored one (a null url, events or description: not given); the rate
 * -- limit is replaced when setRateLimit (its null removes the limit)
 * UPDATE webhooks
 *    SET url = coalesce(:url::text, url), events = coalesce(:events::text[], events),
 *        description = coalesce(:description::text, description),
 *        rate_limit = CASE WHEN :setRateLimit!::boolean THEN :rateLimit::int ELSE rate_limit END,
 *        updated_at = now()
 *  WHERE id = :webhookId! AND user_id = :userId! AND deleted_at IS NULL
 * RETURNING id
 * ```
 */
export const patchLiveWebhook = new PreparedQuery<IPatchLiveWebhookParams,IPatchLiveWebhookResult>(patchLiveWebhookIR);


