/** Types generated for queries found in "packages/db/src/events/list-events.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DeliveryStatus = 'failed' | 'pending' | 'succeeded';

export type DateOrString = Date | string;

export type stringArray = (string)[];

/** 'EventsPage' parameters type */
export interface IEventsPageParams {
  after?: string | null | void;
  createdAfter?: DateOrString | null | void;
  createdBefore?: DateOrString | null | void;
  limit: number;
  type?: string | null | void;
  userId: string;
}

/** 'EventsPage' return type */
export interface IEventsPageResult {
  context_id: string | null;
  created_at: Date;
  event: string;
  id: string;
  /** The event as stored (packages/core/src/event-references.ts): ~C<tx>,<estimate ms> for a context.created of a context, ~A for a context.confirmed of a context, else the envelope sent */
  payload: string;
}

/** 'EventsPage' query type */
export interface IEventsPageQuery {
  params: IEventsPageParams;
  result: IEventsPageResult;
}

const eventsPageIR: any = {"usedParamSet":{"userId":true,"type":true,"after":true,"createdAfter":true,"createdBefore":true,"limit":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":289,"b":296}]},{"name":"type","required":false,"transform":{"type":"scalar"},"locs":[{"a":306,"b":310},{"a":337,"b":341}]},{"name":"after","required":false,"transform":{"type":"scalar"},"locs":[{"a":352,"b":357},{"a":381,"b":386}]},{"name":"createdAfter","required":false,"transform":{"type":"scalar"},"locs":[{"a":397,"b":409},{"a":449,"b":461}]},{"name":"createdBefore","required":false,"transform":{"type":"scalar"},"locs":[{"a":472,"b":485},{"a":524,"b":537}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":565,"b":571}]}],"statement":"-- By type: the two types of nearly every event on (user_id, id), the rare ones on their partial\n-- index (pg sends the statement unnamed: it is planned with the type bound, so the planner sees which)\nSELECT id, event, created_at, payload, context_id\n  FROM outbox_events\n WHERE user_id = :userId!\n   AND (:type::text IS NULL OR event = :type)\n   AND (:after::text IS NULL OR id < :after)\n   AND (:createdAfter::timestamptz IS NULL OR created_at >= :createdAfter)\n   AND (:createdBefore::timestamptz IS NULL OR created_at < :createdBefore)\n ORDER BY id DESC\n LIMIT :limit!::int"};

/**
 * Query generated from SQL:
 * ```
 * -- By type: the two types of nearly every event on (user_id, id), the rare ones on their partial
 * -- index (pg sends the statement unnamed: it is planned with the type bound, so the planner sees which)
 * SELECT id, event, created_at, payload, context_id
 *   FROM outbox_events
 *  WHERE user_id = :userId!
 *    AND (:type::text IS NULL OR event = :type)
 *    AND (:after::text IS NULL OR id < :after)
 *    AND (:createdAfter::timestamptz IS NULL OR created_at >= :createdAfter)
 *    AND (:createdBefore::timestamptz IS NULL OR created_at < :createdBefore)
 *  ORDER BY id DESC
 *  LIMIT :limit!::int
 * ```
 */
export const eventsPage = new PreparedQuery<IEventsPageParams,IEventsPageResult>(eventsPageIR);


/** 'EventOf' parameters type */
export interface IEventOfParams {
  id: string;
  userId: string;
}

/** 'EventOf' return type */
export interface IEventOfResult {
  context_id: string | null;
  created_at: Date;
  event: string;
  id: string;
  /** The event as stored (packages/core/src/event-references.ts): ~C<tx>,<estimate ms> for a context.created of a context, ~A for a context.confirmed of a context, else the envelope sent */
  payload: string;
}

/** 'EventOf' query type */
export interface IEventOfQuery {
  params: IEventOfParams;
  result: IEventOfResult;
}

const eventOfIR: any = {"usedParamSet":{"id":true,"userId":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":80,"b":83}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":99,"b":106}]}],"statement":"SELECT id, event, created_at, payload, context_id FROM outbox_events WHERE id = :id! AND user_id = :userId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, event, created_at, payload, context_id FROM outbox_events WHERE id = :id! AND user_id = :userId!
 * ```
 */
export const eventOf = new PreparedQuery<IEventOfParams,IEventOfResult>(eventOfIR);


/** 'DeliveriesOfEvents' parameters type */
export interface IDeliveriesOfEventsParams {
  eventIds: stringArray;
  userId: string;
}

/** 'DeliveriesOfEvents' return type */
export interface IDeliveriesOfEventsResult {
  attempts: number;
  event_id: string;
  status: DeliveryStatus;
  webhook_id: string;
}

/** 'DeliveriesOfEvents' query type */
export interface IDeliveriesOfEventsQuery {
  params: IDeliveriesOfEventsParams;
  result: IDeliveriesOfEventsResult;
}

const deliveriesOfEventsIR: any = {"usedParamSet":{"userId":true,"eventIds":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":308,"b":315}]},{"name":"eventIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":343,"b":352}]}],"statement":"-- by their key: the user's webhooks (deleted ones too: their deliveries stay) and the events\nSELECT w.id AS \"webhook_id!\", d.status, d.attempts, d.event_id\n  FROM webhook_deliveries AS d\n  JOIN webhooks AS w ON w.ref = d.webhook_ref\n WHERE d.webhook_ref = ANY(ARRAY(SELECT ref FROM webhooks WHERE user_id = :userId!))\n   AND d.event_id = ANY(:eventIds!::text[])\n ORDER BY d.event_id, w.id"};

/**
 * Query generated from SQL:
 * ```
 * -- by their key: the user's webhooks (deleted ones too: their deliveries stay) and the events
 * SELECT w.id AS "webhook_id!", d.status, d.attempts, d.event_id
 *   FROM webhook_deliveries AS d
 *   JOIN webhooks AS w ON w.ref = d.webhook_ref
 *  WHERE d.webhook_ref = ANY(ARRAY(SELECT ref FROM webhooks WHERE user_id = :userId!))
 *    AND d.event_id = ANY(:eventIds!::text[])
 *  ORDER BY d.event_id, w.id
 * ```
 */
export const deliveriesOfEvents = new PreparedQuery<IDeliveriesOfEventsParams,IDeliveriesOfEventsResult>(deliveriesOfEventsIR);


