/** Types generated for queries found in "packages/db/src/events/purge-expired-events.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type stringArray = (string)[];

/** 'ClaimExpiredEvents' parameters type */
export interface IClaimExpiredEventsParams {
  cutoff: DateOrString;
  limit: number;
}

/** 'ClaimExpiredEvents' return type */
export interface IClaimExpiredEventsResult {
  id: string;
  user_id: string;
}

/** 'ClaimExpiredEvents' query type */
export interface IClaimExpiredEventsQuery {
  params: IClaimExpiredEventsParams;
  result: IClaimExpiredEventsResult;
}

const claimExpiredEventsIR: any = {"usedParamSet":{"cutoff":true,"limit":true},"params":[{"name":"cutoff","required":true,"transform":{"type":"scalar"},"locs":[{"a":199,"b":206}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":512,"b":518}]}],"statement":"-- fanned out, recorded before the cutoff, no delivery pending; SKIP LOCKED: workers share the work\n-- and none waits on the fan-out\nSELECT e.id, e.user_id FROM outbox_events e\n WHERE e.created_at < :cutoff!::timestamptz\n   AND NOT EXISTS (SELECT 1 FROM unfanned_events u WHERE u.id = e.id)\n   AND NOT EXISTS (SELECT 1 FROM webhooks w JOIN webhook_deliveries d ON d.webhook_ref = w.ref\n                    WHERE w.user_id = e.user_id AND d.event_id = e.id AND d.status = 'pending')\n ORDER BY e.created_at\n LIMIT :limit!::int\n   FOR UPDATE SKIP LOCKED"};

/**
 * Query generated from SQL:
 * ```
 * -- fanned out, recorded before the cutoff, no delivery pending; SKIP LOCKED: workers share the work
 * -- and none waits on the fan-out
 * SELECT e.id, e.user_id FROM outbox_events e
 *  WHERE e.created_at < :cutoff!::timestamptz
 *    AND NOT EXISTS (SELECT 1 FROM unfanned_events u WHERE u.id = e.id)
 *    AND NOT EXISTS (SELECT 1 FROM webhooks w JOIN webhook_deliveries d ON d.webhook_ref = w.ref
 *                     WHERE w.user_id = e.user_id AND d.event_id = e.id AND d.status = 'pending')
 *  ORDER BY e.created_at
 *  LIMIT :limit!::int
 *    FOR UPDATE SKIP LOCKED
 * ```
 */
export const claimExpiredEvents = new PreparedQuery<IClaimExpiredEventsParams,IClaimExpiredEventsResult>(claimExpiredEventsIR);


/** 'ClaimExpiredDefaultPartitionEvents' parameters type */
export interface IClaimExpiredDefaultPartitionEventsParams {
  cutoff: DateOrString;
  limit: number;
}

/** 'ClaimExpiredDefaultPartitionEvents' return type */
export interface IClaimExpiredDefaultPartitionEventsResult {
  id: string;
  user_id: string;
}

/** 'ClaimExpiredDefaultPartitionEvents' query type */
export interface IClaimExpiredDefaultPartitionEventsQuery {
  params: IClaimExpiredDefaultPartitionEventsParams;
  result: IClaimExpiredDefaultPartitionEventsResult;
}

const claimExpiredDefaultPartitionEventsIR: any = {"usedParamSet":{"cutoff":true,"limit":true},"params":[{"name":"cutoff","required":true,"transform":{"type":"scalar"},"locs":[{"a":167,"b":174}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":480,"b":486}]}],"statement":"-- claimExpiredEvents among the events of the default partition only (ids outside every day)\nSELECT e.id, e.user_id FROM outbox_events_default e\n WHERE e.created_at < :cutoff!::timestamptz\n   AND NOT EXISTS (SELECT 1 FROM unfanned_events u WHERE u.id = e.id)\n   AND NOT EXISTS (SELECT 1 FROM webhooks w JOIN webhook_deliveries d ON d.webhook_ref = w.ref\n                    WHERE w.user_id = e.user_id AND d.event_id = e.id AND d.status = 'pending')\n ORDER BY e.created_at\n LIMIT :limit!::int\n   FOR UPDATE SKIP LOCKED"};

/**
 * Query generated from SQL:
 * ```
 * -- claimExpiredEvents among the events of the default partition only (ids outside every day)
 * SELECT e.id, e.user_id FROM outbox_events_default e
 *  WHERE e.created_at < :cutoff!::timestamptz
 *    AND NOT EXISTS (SELECT 1 FROM unfanned_events u WHERE u.id = e.id)
 *    AND NOT EXISTS (SELECT 1 FROM webhooks w JOIN webhook_deliveries d ON d.webhook_ref = w.ref
 *                     WHERE w.user_id = e.user_id AND d.event_id = e.id AND d.status = 'pending')
 *  ORDER BY e.created_at
 *  LIMIT :limit!::int
 *    FOR UPDATE SKIP LOCKED
 * ```
 */
export const claimExpiredDefaultPartitionEvents = new PreparedQuery<IClaimExpiredDefaultPartitionEventsParams,IClaimExpiredDefaultPartitionEventsResult>(claimExpiredDefaultPartitionEventsIR);


/** 'LockDeliveriesOfEvents' parameters type */
export interface ILockDeliveriesOfEventsParams {
  eventIds: stringArray;
  userIds: stringArray;
}

/** 'LockDeliveriesOfEvents' return type */
export interface ILockDeliveriesOfEventsResult {
  event_id: string;
  first: boolean;
  status: string;
}

/** 'LockDeliveriesOfEvents' query type */
export interface ILockDeliveriesOfEventsQuery {
  params: ILockDeliveriesOfEventsParams;
  result: ILockDeliveriesOfEventsResult;
}

const lockDeliveriesOfEventsIR: any = {"usedParamSet":{"userIds":true,"eventIds":true},"params":[{"name":"userIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":291,"b":299}]},{"name":"eventIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":334,"b":343}]}],"statement":"-- by their key: the events' users' webhooks (deleted ones too: their deliveries stay) and the events\nSELECT event_id, status::text AS \"status!\", first_attempted_at IS NOT NULL AS \"first!\"\n  FROM webhook_deliveries\n WHERE webhook_ref = ANY(ARRAY(SELECT ref FROM webhooks WHERE user_id = ANY(:userIds!::text[])))\n   AND event_id = ANY(:eventIds!::text[])\n   FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * -- by their key: the events' users' webhooks (deleted ones too: their deliveries stay) and the events
 * SELECT event_id, status::text AS "status!", first_attempted_at IS NOT NULL AS "first!"
 *   FROM webhook_deliveries
 *  WHERE webhook_ref = ANY(ARRAY(SELECT ref FROM webhooks WHERE user_id = ANY(:userIds!::text[])))
 *    AND event_id = ANY(:eventIds!::text[])
 *    FOR UPDATE
 * ```
 */
export const lockDeliveriesOfEvents = new PreparedQuery<ILockDeliveriesOfEventsParams,ILockDeliveriesOfEventsResult>(lockDeliveriesOfEventsIR);


/** 'DeleteAttemptsOfEvents' parameters type */
export interface IDeleteAttemptsOfEventsParams {
  eventIds: stringArray;
}

/** 'DeleteAttemptsOfEvents' return type */
export interface IDeleteAttemptsOfEventsResult {
  count: number;
}

/** 'DeleteAttemptsOfEvents' query type */
export interface IDeleteAttemptsOfEventsQuery {
  params: IDeleteAttemptsOfEventsParams;
  result: IDeleteAttemptsOfEventsResult;
}

const deleteAttemptsOfEventsIR: any = {"usedParamSet":{"eventIds":true},"params":[{"name":"eventIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":221,"b":230}]}],"statement":"-- by the events alone: every delivery of an event purged goes with it (all locked above), and\n-- event_id, the partition key, leads the attempts' key\nWITH deleted AS (\n  DELETE FROM webhook_attempts WHERE event_id = ANY(:eventIds!::text[])\n  RETURNING 1)\nSELECT count(*)::int AS \"count!\" FROM deleted"};

/**
 * Query generated from SQL:
 * ```
 * -- by the events alone: every delivery of an event purged goes with it (all locked above), and
 * -- event_id, the partition key, leads the attempts' key
 * WITH deleted AS (
 *   DELETE FROM webhook_attempts WHERE event_id = ANY(:eventIds!::text[])
 *   RETURNING 1)
 * SELECT count(*)::int AS "count!" FROM deleted
 * ```
 */
export const deleteAttemptsOfEvents = new PreparedQuery<IDeleteAttemptsOfEventsParams,IDeleteAttemptsOfEventsResult>(deleteAttemptsOfEventsIR);


/** 'DeleteDeliveriesOfEvents' parameters type */
export interface IDeleteDeliveriesOfEventsParams {
  eventIds: stringArray;
  userIds: stringArray;
}

/** 'DeleteDeliveriesOfEvents' return type */
export type IDeleteDeliveriesOfEventsResult = void;

/** 'DeleteDeliveriesOfEvents' query type */
export interface IDeleteDeliveriesOfEventsQuery {
  params: IDeleteDeliveriesOfEventsParams;
  result: IDeleteDeliveriesOfEventsResult;
}

const deleteDeliveriesOfEventsIR: any = {"usedParamSet":{"userIds":true,"eventIds":true},"params":[{"name":"userIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":107,"b":115}]},{"name":"eventIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":150,"b":159}]}],"statement":"DELETE FROM webhook_deliveries\n WHERE webhook_ref = ANY(ARRAY(SELECT ref FROM webhooks WHERE user_id = ANY(:userIds!::text[])))\n   AND event_id = ANY(:eventIds!::text[])"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM webhook_deliveries
 *  WHERE webhook_ref = ANY(ARRAY(SELECT ref FROM webhooks WHERE user_id = ANY(:userIds!::text[])))
 *    AND event_id = ANY(:eventIds!::text[])
 * ```
 */
export const deleteDeliveriesOfEvents = new PreparedQuery<IDeleteDeliveriesOfEventsParams,IDeleteDeliveriesOfEventsResult>(deleteDeliveriesOfEventsIR);


/** 'DeleteEventsOf' parameters type */
export interface IDeleteEventsOfParams {
  eventIds: stringArray;
  userIds: stringArray;
}

/** 'DeleteEventsOf' return type */
export type IDeleteEventsOfResult = void;

/** 'DeleteEventsOf' query type */
export interface IDeleteEventsOfQuery {
  params: IDeleteEventsOfParams;
  result: IDeleteEventsOfResult;
}

const deleteEventsOfIR: any = {"usedParamSet":{"userIds":true,"eventIds":true},"params":[{"name":"userIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":87,"b":95}]},{"name":"eventIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":106,"b":115}]}],"statement":"-- by their key, each event's user and id\nDELETE FROM outbox_events AS e\n USING unnest(:userIds!::text[], :eventIds!::text[]) AS k(user_id, id)\n WHERE e.user_id = k.user_id AND e.id = k.id"};

/**
 * Query generated from SQL:
 * ```
 * -- by their key, each event's user and id
 * DELETE FROM outbox_events AS e
 *  USING unnest(:userIds!::text[], :eventIds!::text[]) AS k(user_id, id)
 *  WHERE e.user_id = k.user_id AND e.id = k.id
 * ```
 */
export const deleteEventsOf = new PreparedQuery<IDeleteEventsOfParams,IDeleteEventsOfResult>(deleteEventsOfIR);


