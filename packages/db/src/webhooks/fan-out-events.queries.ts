/** Types generated for queries found in "packages/db/src/webhooks/fan-out-events.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'ClaimUnfannedEvents' parameters type */
export interface IClaimUnfannedEventsParams {
  limit: NumberOrString;
}

/** 'ClaimUnfannedEvents' return type */
export interface IClaimUnfannedEventsResult {
  id: string;
  user_id: string;
}

/** 'ClaimUnfannedEvents' query type */
export interface IClaimUnfannedEventsQuery {
  params: IClaimUnfannedEventsParams;
  result: IClaimUnfannedEventsResult;
}

const claimUnfannedEventsIR: any = {"usedParamSet":{"limit":true},"params":[{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":187,"b":193}]}],"statement":"-- the oldest events waiting for the fan-out; SKIP LOCKED, so several workers share the backlog\nDELETE FROM unfanned_events\n WHERE id IN (SELECT id FROM unfanned_events ORDER BY id LIMIT :limit! FOR UPDATE SKIP LOCKED)\nRETURNING id, user_id"};

/**
 * Query generated from SQL:
 * ```
 * -- the oldest events waiting for the fan-out; SKIP LOCKED, so several workers share the backlog
 * DELETE FROM unfanned_events
 *  WHERE id IN (SELECT id FROM unfanned_events ORDER BY id LIMIT :limit! FOR UPDATE SKIP LOCKED)
 * RETURNING id, user_id
 * ```
 */
export const claimUnfannedEvents = new PreparedQuery<IClaimUnfannedEventsParams,IClaimUnfannedEventsResult>(claimUnfannedEventsIR);


/** 'SubscribersOfEvents' parameters type */
export interface ISubscribersOfEventsParams {
  disabledState: string;
  eventIds: stringArray;
  hi: string;
  lo: string;
  userIds: stringArray;
}

/** 'SubscribersOfEvents' return type */
export interface ISubscribersOfEventsResult {
  disabled: boolean | null;
  event_id: string;
  webhook_id: string;
}

/** 'SubscribersOfEvents' query type */
export interface ISubscribersOfEventsQuery {
  params: ISubscribersOfEventsParams;
  result: ISubscribersOfEventsResult;
}

const subscribersOfEventsIR: any = {"usedParamSet":{"disabledState":true,"userIds":true,"eventIds":true,"lo":true,"hi":true},"params":[{"name":"disabledState","required":true,"transform":{"type":"scalar"},"locs":[{"a":308,"b":322}]},{"name":"userIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":350,"b":358}]},{"name":"eventIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":369,"b":378}]},{"name":"lo","required":true,"transform":{"type":"scalar"},"locs":[{"a":636,"b":639}]},{"name":"hi","required":true,"transform":{"type":"scalar"},"locs":[{"a":645,"b":648}]}],"statement":"-- each event with each live webhook of its user subscribed to its name and created by then (none: one\n-- row with a null webhook), each event by its key (user, id), within the events' days\nSELECT e.id AS \"event_id!\", w.id AS webhook_id,\n       ctxlog_endpoint_state(w.status, w.disabled_at, w.deleted_at) = :disabledState! AS disabled\n  FROM unnest(:userIds!::text[], :eventIds!::text[]) AS k(user_id, id)\n  JOIN outbox_events AS e ON e.user_id = k.user_id AND e.id = k.id\n  LEFT JOIN webhooks AS w\n    ON w.user_id = e.user_id AND w.deleted_at IS NULL AND e.event = ANY (w.events) AND w.created_at <= e.created_at\n WHERE e.id BETWEEN :lo! AND :hi!\n ORDER BY e.created_at, e.id, w.id"};

/**
 * Query generated from SQL:
 * ```
 * -- each event with each live webhook of its user subscribed to its name and created by then (none: one
 * -- row with a null webhook), each event by its key (user, id), within the events' days
 * SELECT e.id AS "event_id!", w.id AS webhook_id,
 *        ctxlog_endpoint_state(w.status, w.disabled_at, w.deleted_at) = :disabledState! AS disabled
 *   FROM unnest(:userIds!::text[], :eventIds!::text[]) AS k(user_id, id)
 *   JOIN outbox_events AS e ON e.user_id = k.user_id AND e.id = k.id
 *   LEFT JOIN webhooks AS w
 *     ON w.user_id = e.user_id AND w.deleted_at IS NULL AND e.event = ANY (w.events) AND w.created_at <= e.created_at
 *  WHERE e.id BETWEEN :lo! AND :hi!
 *  ORDER BY e.created_at, e.id, w.id
 * ```
 */
export const subscribersOfEvents = new PreparedQuery<ISubscribersOfEventsParams,ISubscribersOfEventsResult>(subscribersOfEventsIR);


