/** Types generated for queries found in "packages/db/src/events/record-event.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type DateOrStringArray = (DateOrString)[];

export type booleanArray = (boolean)[];

export type stringArray = (string)[];

/** 'InsertOutboxEvents' parameters type */
export interface IInsertOutboxEventsParams {
  contextIds: stringArray;
  createdAts: DateOrStringArray;
  events: stringArray;
  ids: stringArray;
  payloads: string;
  queued: booleanArray;
  userIds: stringArray;
}

/** 'InsertOutboxEvents' return type */
export type IInsertOutboxEventsResult = void;

/** 'InsertOutboxEvents' query type */
export interface IInsertOutboxEventsQuery {
  params: IInsertOutboxEventsParams;
  result: IInsertOutboxEventsResult;
}

const insertOutboxEventsIR: any = {"usedParamSet":{"ids":true,"userIds":true,"events":true,"contextIds":true,"payloads":true,"createdAts":true,"queued":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":323,"b":327},{"a":569,"b":573}]},{"name":"userIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":338,"b":346},{"a":584,"b":592}]},{"name":"events","required":true,"transform":{"type":"scalar"},"locs":[{"a":357,"b":364}]},{"name":"contextIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":375,"b":386}]},{"name":"payloads","required":true,"transform":{"type":"scalar"},"locs":[{"a":436,"b":445}]},{"name":"createdAts","required":true,"transform":{"type":"scalar"},"locs":[{"a":462,"b":473}]},{"name":"queued","required":true,"transform":{"type":"scalar"},"locs":[{"a":603,"b":610}]}],"statement":"-- One statement for any number of events, each queued for the fan-out in the same statement (a\n-- data-modifying WITH runs whether or not it is read). The payloads travel as one text, one per line.\nWITH inserted AS (\n  INSERT INTO outbox_events (id, user_id, event, context_id, payload, created_at)\n  SELECT * FROM unnest(:ids!::text[], :userIds!::text[], :events!::text[], :contextIds!::text[],\n                       string_to_array(:payloads!::text, E'\\n'), :createdAts!::timestamptz[]))\nINSERT INTO unfanned_events (id, user_id)\nSELECT v.id, v.user_id FROM unnest(:ids!::text[], :userIds!::text[], :queued!::boolean[]) AS v(id, user_id, queued)\n WHERE v.queued"};

/**
 * Query generated from SQL:
 * ```
 * -- One statement for any number of events, each queued for the fan-out in the same statement (a
 * -- data-modifying WITH runs whether or not it is read). The payloads travel as one text, one per line.
 * WITH inserted AS (
 *   INSERT INTO outbox_events (id, user_id, event, context_id, payload, created_at)
 *   SELECT * FROM unnest(:ids!::text[], :userIds!::text[], :events!::text[], :contextIds!::text[],
 *                        string_to_array(:payloads!::text, E'\n'), :createdAts!::timestamptz[]))
 * INSERT INTO unfanned_events (id, user_id)
 * SELECT v.id, v.user_id FROM unnest(:ids!::text[], :userIds!::text[], :queued!::boolean[]) AS v(id, user_id, queued)
 *  WHERE v.queued
 * ```
 */
export const insertOutboxEvents = new PreparedQuery<IInsertOutboxEventsParams,IInsertOutboxEventsResult>(insertOutboxEventsIR);


/** 'NotifyOutboxEvents' parameters type */
export interface INotifyOutboxEventsParams {
  channel: string;
}

/** 'NotifyOutboxEvents' return type */
export interface INotifyOutboxEventsResult {
  notified: number | null;
}

/** 'NotifyOutboxEvents' query type */
export interface INotifyOutboxEventsQuery {
  params: INotifyOutboxEventsParams;
  result: INotifyOutboxEventsResult;
}

const notifyOutboxEventsIR: any = {"usedParamSet":{"channel":true},"params":[{"name":"channel","required":true,"transform":{"type":"scalar"},"locs":[{"a":164,"b":172}]}],"statement":"-- (a void column breaks Prisma's raw queries, which a runner in a Prisma transaction goes through:\n-- one it can read instead)\nSELECT 1 AS notified FROM pg_notify(:channel!::text, '')"};

/**
 * Query generated from SQL:
 * ```
 * -- (a void column breaks Prisma's raw queries, which a runner in a Prisma transaction goes through:
 * -- one it can read instead)
 * SELECT 1 AS notified FROM pg_notify(:channel!::text, '')
 * ```
 */
export const notifyOutboxEvents = new PreparedQuery<INotifyOutboxEventsParams,INotifyOutboxEventsResult>(notifyOutboxEventsIR);


