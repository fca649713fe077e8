/** Types generated for queries found in "packages/db/src/events/event-partitions.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

/** 'EventPartitionSuffixes' parameters type */
export type IEventPartitionSuffixesParams = void;

/** 'EventPartitionSuffixes' return type */
export interface IEventPartitionSuffixesResult {
  suffix: string;
}

/** 'EventPartitionSuffixes' query type */
export interface IEventPartitionSuffixesQuery {
  params: IEventPartitionSuffixesParams;
  result: IEventPartitionSuffixesResult;
}

const eventPartitionSuffixesIR: any = {"usedParamSet":{},"params":[],"statement":"-- the day partitions of outbox_events (the three tables are created together), oldest first\nSELECT substring(c.relname FROM '^outbox_events_p([0-9]{8})$') AS \"suffix!\"\n  FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid\n WHERE i.inhparent = 'outbox_events'::regclass AND c.relname ~ '^outbox_events_p[0-9]{8}$'\n ORDER BY 1"};

/**
 * Query generated from SQL:
 * ```
 * -- the day partitions of outbox_events (the three tables are created together), oldest first
 * SELECT substring(c.relname FROM '^outbox_events_p([0-9]{8})$') AS "suffix!"
 *   FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
 *  WHERE i.inhparent = 'outbox_events'::regclass AND c.relname ~ '^outbox_events_p[0-9]{8}$'
 *  ORDER BY 1
 * ```
 */
export const eventPartitionSuffixes = new PreparedQuery<IEventPartitionSuffixesParams,IEventPartitionSuffixesResult>(eventPartitionSuffixesIR);


/** 'CreateEventPartitions' parameters type */
export interface ICreateEventPartitionsParams {
  fromDay: DateOrString;
  toDay: DateOrString;
}

/** 'CreateEventPartitions' return type */
export interface ICreateEventPartitionsResult {
  day: Date;
}

/** 'CreateEventPartitions' query type */
export interface ICreateEventPartitionsQuery {
  params: ICreateEventPartitionsParams;
  result: ICreateEventPartitionsResult;
}

const createEventPartitionsIR: any = {"usedParamSet":{"fromDay":true,"toDay":true},"params":[{"name":"fromDay","required":true,"transform":{"type":"scalar"},"locs":[{"a":187,"b":195}]},{"name":"toDay","required":true,"transform":{"type":"scalar"},"locs":[{"a":204,"b":210}]}],"statement":"-- each day created as its UTC midnight (a date column would arrive as the driver's local midnight)\nSELECT (d::timestamp AT TIME ZONE 'UTC') AS \"day!\" FROM ctxlog_create_event_partitions(:fromDay!::date, :toDay!::date) AS d"};

/**
 * Query generated from SQL:
 * ```
 * -- each day created as its UTC midnight (a date column would arrive as the driver's local midnight)
 * SELECT (d::timestamp AT TIME ZONE 'UTC') AS "day!" FROM ctxlog_create_event_partitions(:fromDay!::date, :toDay!::date) AS d
 * ```
 */
export const createEventPartitions = new PreparedQuery<ICreateEventPartitionsParams,ICreateEventPartitionsResult>(createEventPartitionsIR);


/** 'DeadlockTimeout' parameters type */
export type IDeadlockTimeoutParams = void;

/** 'DeadlockTimeout' return type */
export interface IDeadlockTimeoutResult {
  ms: number;
}

/** 'DeadlockTimeout' query type */
export interface IDeadlockTimeoutQuery {
  params: IDeadlockTimeoutParams;
  result: IDeadlockTimeoutResult;
}

const deadlockTimeoutIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT setting::int AS \"ms!\" FROM pg_settings WHERE name = 'deadlock_timeout'"};

/**
 * Query generated from SQL:
 * ```
 * SELECT setting::int AS "ms!" FROM pg_settings WHERE name = 'deadlock_timeout'
 * ```
 */
export const deadlockTimeout = new PreparedQuery<IDeadlockTimeoutParams,IDeadlockTimeoutResult>(deadlockTimeoutIR);


/** 'RelationExists' parameters type */
export interface IRelationExistsParams {
  name: string;
}

/** 'RelationExists' return type */
export interface IRelationExistsResult {
  found: boolean;
}

/** 'RelationExists' query type */
export interface IRelationExistsQuery {
  params: IRelationExistsParams;
  result: IRelationExistsResult;
}

const relationExistsIR: any = {"usedParamSet":{"name":true},"params":[{"name":"name","required":true,"transform":{"type":"scalar"},"locs":[{"a":19,"b":24}]}],"statement":"SELECT to_regclass(:name!::text) IS NOT NULL AS \"found!\""};

/**
 * Query generated from SQL:
 * ```
 * SELECT to_regclass(:name!::text) IS NOT NULL AS "found!"
 * ```
 */
export const relationExists = new PreparedQuery<IRelationExistsParams,IRelationExistsResult>(relationExistsIR);


/** 'LockEventTables' parameters type */
export type ILockEventTablesParams = void;

/** 'LockEventTables' return type */
export type ILockEventTablesResult = void;

/** 'LockEventTables' query type */
export interface ILockEventTablesQuery {
  params: ILockEventTablesParams;
  result: ILockEventTablesResult;
}

const lockEventTablesIR: any = {"usedParamSet":{},"params":[],"statement":"-- Dropping a partition drops its foreign keys' triggers on the tables they reference (events and\n-- deliveries → users, deliveries → webhooks), which takes those tables ACCESS EXCLUSIVE too: taken\n-- first (see retireEventPartitions). ONLY: the parents themselves; the day's partitions are locked\n-- by the DROPs.\nLOCK TABLE users, webhooks, ONLY outbox_events, ONLY webhook_deliveries, ONLY webhook_attempts\n  IN ACCESS EXCLUSIVE MODE"};

/**
 * Query generated from SQL:
 * ```
 * -- Dropping a partition drops its foreign keys' triggers on the tables they reference (events and
 * -- deliveries → users, deliveries → webhooks), which takes those tables ACCESS EXCLUSIVE too: taken
 * -- first (see retireEventPartitions). ONLY: the parents themselves; the day's partitions are locked
 * -- by the DROPs.
 * LOCK TABLE users, webhooks, ONLY outbox_events, ONLY webhook_deliveries, ONLY webhook_attempts
 *   IN ACCESS EXCLUSIVE MODE
 * ```
 */
export const lockEventTables = new PreparedQuery<ILockEventTablesParams,ILockEventTablesResult>(lockEventTablesIR);


/** 'EventDayBusy' parameters type */
export interface IEventDayBusyParams {
  cutoff: DateOrString;
  suffix: string;
}

/** 'EventDayBusy' return type */
export interface IEventDayBusyResult {
  busy: boolean;
}

/** 'EventDayBusy' query type */
export interface IEventDayBusyQuery {
  params: IEventDayBusyParams;
  result: IEventDayBusyResult;
}

const eventDayBusyIR: any = {"usedParamSet":{"suffix":true,"cutoff":true},"params":[{"name":"suffix","required":true,"transform":{"type":"scalar"},"locs":[{"a":29,"b":36}]},{"name":"cutoff","required":true,"transform":{"type":"scalar"},"locs":[{"a":39,"b":46}]}],"statement":"SELECT ctxlog_event_day_busy(:suffix!, :cutoff!::timestamptz) AS \"busy!\""};

/**
 * Query generated from SQL:
 * ```
 * SELECT ctxlog_event_day_busy(:suffix!, :cutoff!::timestamptz) AS "busy!"
 * ```
 */
export const eventDayBusy = new PreparedQuery<IEventDayBusyParams,IEventDayBusyResult>(eventDayBusyIR);


/** 'EventDayCounts' parameters type */
export interface IEventDayCountsParams {
  suffix: string;
}

/** 'EventDayCounts' return type */
export interface IEventDayCountsResult {
  attempts: number;
  deliveries: number;
  events: number;
}

/** 'EventDayCounts' query type */
export interface IEventDayCountsQuery {
  params: IEventDayCountsParams;
  result: IEventDayCountsResult;
}

const eventDayCountsIR: any = {"usedParamSet":{"suffix":true},"params":[{"name":"suffix","required":true,"transform":{"type":"scalar"},"locs":[{"a":112,"b":119}]}],"statement":"SELECT events AS \"events!\", deliveries AS \"deliveries!\", attempts AS \"attempts!\"\n  FROM ctxlog_event_day_counts(:suffix!)"};

/**
 * Query generated from SQL:
 * ```
 * SELECT events AS "events!", deliveries AS "deliveries!", attempts AS "attempts!"
 *   FROM ctxlog_event_day_counts(:suffix!)
 * ```
 */
export const eventDayCounts = new PreparedQuery<IEventDayCountsParams,IEventDayCountsResult>(eventDayCountsIR);


/** 'DropEventDay' parameters type */
export interface IDropEventDayParams {
  suffix: string;
}

/** 'DropEventDay' return type */
export interface IDropEventDayResult {
  dropped: number;
}

/** 'DropEventDay' query type */
export interface IDropEventDayQuery {
  params: IDropEventDayParams;
  result: IDropEventDayResult;
}

const dropEventDayIR: any = {"usedParamSet":{"suffix":true},"params":[{"name":"suffix","required":true,"transform":{"type":"scalar"},"locs":[{"a":50,"b":57}]}],"statement":"SELECT 1 AS \"dropped!\" FROM ctxlog_drop_event_day(:suffix!)"};

/**
 * Query generated from SQL:
 * ```
 * SELECT 1 AS "dropped!" FROM ctxlog_drop_event_day(:suffix!)
 * ```
 */
export const dropEventDay = new PreparedQuery<IDropEventDayParams,IDropEventDayResult>(dropEventDayIR);


