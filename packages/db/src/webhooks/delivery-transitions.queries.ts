/** Types generated for queries found in "packages/db/src/webhooks/delivery-transitions.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DeliveryStatus = 'failed' | 'pending' | 'succeeded';

export type DateOrString = Date | string;

export type DateOrStringArray = (DateOrString)[];

export type DeliveryStatusArray = (DeliveryStatus)[];

export type booleanArray = (boolean)[];

export type numberArray = (number)[];

export type stringArray = (string)[];

/** 'CreateDeliveries' parameters type */
export interface ICreateDeliveriesParams {
  disabled: booleanArray;
  disabledError: string;
  disabledTo: DeliveryStatus;
  eventIds: stringArray;
  to: DeliveryStatus;
  webhookIds: stringArray;
}

/** 'CreateDeliveries' return type */
export interface ICreateDeliveriesResult {
  due: boolean;
  eventId: string;
  webhookId: string;
}

/** 'CreateDeliveries' query type */
export interface ICreateDeliveriesQuery {
  params: ICreateDeliveriesParams;
  result: ICreateDeliveriesResult;
}

const createDeliveriesIR: any = {"usedParamSet":{"disabledTo":true,"to":true,"disabledError":true,"webhookIds":true,"eventIds":true,"disabled":true},"params":[{"name":"disabledTo","required":true,"transform":{"type":"scalar"},"locs":[{"a":279,"b":290}]},{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":315,"b":318},{"a":783,"b":786}]},{"name":"disabledError","required":true,"transform":{"type":"scalar"},"locs":[{"a":378,"b":392}]},{"name":"webhookIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":476,"b":487}]},{"name":"eventIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":498,"b":507}]},{"name":"disabled","required":true,"transform":{"type":"scalar"},"locs":[{"a":518,"b":527}]}],"statement":"-- each webhook named by its ref in the row (webhooks.ref, migration 20261201020000), by its id here\nWITH created AS (\n  INSERT INTO webhook_deliveries (webhook_ref, event_id, status, error_message, next_attempt_at)\n  SELECT w.ref, t.event_id,\n         CASE WHEN t.disabled THEN :disabledTo!::\"DeliveryStatus\" ELSE :to!::\"DeliveryStatus\" END,\n         CASE WHEN t.disabled THEN :disabledError!::text END,\n         CASE WHEN t.disabled THEN NULL ELSE now() END\n    FROM unnest(:webhookIds!::text[], :eventIds!::text[], :disabled!::boolean[]) AS t(webhook_id, event_id, disabled)\n    JOIN webhooks AS w ON w.id = t.webhook_id\n  ON CONFLICT (webhook_ref, event_id) DO NOTHING\n  RETURNING event_id, webhook_ref, status\n)\nSELECT c.event_id AS \"eventId!\", w.id AS \"webhookId!\", c.status = :to!::\"DeliveryStatus\" AS \"due!\"\n  FROM created AS c JOIN webhooks AS w ON w.ref = c.webhook_ref"};

/**
 * Query generated from SQL:
 * ```
 * -- each webhook named by its ref in the row (webhooks.ref, migration 20261201020000), by its id here
 * WITH created AS (
 *   INSERT INTO webhook_deliveries (webhook_ref, event_id, status, error_message, next_attempt_at)
 *   SELECT w.ref, t.event_id,
 *          CASE WHEN t.disabled THEN :disabledTo!::"DeliveryStatus" ELSE :to!::"DeliveryStatus" END,
 *          CASE WHEN t.disabled THEN :disabledError!::text END,
 *          CASE WHEN t.disabled THEN NULL ELSE now() END
 *     FROM unnest(:webhookIds!::text[], :eventIds!::text[], :disabled!::boolean[]) AS t(webhook_id, event_id, disabled)
 *     JOIN webhooks AS w ON w.id = t.webhook_id
 *   ON CONFLICT (webhook_ref, event_id) DO NOTHING
 *   RETURNING event_id, webhook_ref, status
 * )
 * SELECT c.event_id AS "eventId!", w.id AS "webhookId!", c.status = :to!::"DeliveryStatus" AS "due!"
 *   FROM created AS c JOIN webhooks AS w ON w.ref = c.webhook_ref
 * ```
 */
export const createDeliveries = new PreparedQuery<ICreateDeliveriesParams,ICreateDeliveriesResult>(createDeliveriesIR);


/** 'CreateTestDeliveryRow' parameters type */
export interface ICreateTestDeliveryRowParams {
  eventId: string;
  now: DateOrString;
  to: DeliveryStatus;
  webhookId: string;
}

/** 'CreateTestDeliveryRow' return type */
export type ICreateTestDeliveryRowResult = void;

/** 'CreateTestDeliveryRow' query type */
export interface ICreateTestDeliveryRowQuery {
  params: ICreateTestDeliveryRowParams;
  result: ICreateTestDeliveryRowResult;
}

const createTestDeliveryRowIR: any = {"usedParamSet":{"eventId":true,"to":true,"now":true,"webhookId":true},"params":[{"name":"eventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":92,"b":100}]},{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":103,"b":106}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":127,"b":131}]},{"name":"webhookId","required":true,"transform":{"type":"scalar"},"locs":[{"a":171,"b":181}]}],"statement":"INSERT INTO webhook_deliveries (webhook_ref, event_id, status, next_attempt_at)\nSELECT ref, :eventId!, :to!::\"DeliveryStatus\", :now!::timestamptz FROM webhooks WHERE id = :webhookId!"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO webhook_deliveries (webhook_ref, event_id, status, next_attempt_at)
 * SELECT ref, :eventId!, :to!::"DeliveryStatus", :now!::timestamptz FROM webhooks WHERE id = :webhookId!
 * ```
 */
export const createTestDeliveryRow = new PreparedQuery<ICreateTestDeliveryRowParams,ICreateTestDeliveryRowResult>(createTestDeliveryRowIR);


/** 'RecordDeliveryAttempts' parameters type */
export interface IRecordDeliveryAttemptsParams {
  attemptedAt: DateOrStringArray;
  cycles: numberArray;
  durationsMs: numberArray;
  errors: stringArray;
  eventIds: stringArray;
  exchanges: stringArray;
  exhaustTo: DeliveryStatus;
  failAttemptTo: DeliveryStatus;
  finishedAt: DateOrStringArray;
  from: DeliveryStatusArray;
  hi: string;
  lo: string;
  maxAttempts: number;
  oks: booleanArray;
  responseBodies: stringArray;
  responseStatuses: numberArray;
  retryDelaysMs: numberArray;
  succeedTo: DeliveryStatus;
  webhookIds: stringArray;
}

/** 'RecordDeliveryAttempts' return type */
export interface IRecordDeliveryAttemptsResult {
  attempts: number;
  endpoint_state: string;
  event_id: string;
  next_attempt_at: Date | null;
  status: DeliveryStatus;
  webhook_id: string;
}

/** 'RecordDeliveryAttempts' query type */
export interface IRecordDeliveryAttemptsQuery {
  params: IRecordDeliveryAttemptsParams;
  result: IRecordDeliveryAttemptsResult;
}

const recordDeliveryAttemptsIR: any = {"usedParamSet":{"webhookIds":true,"cycles":true,"attemptedAt":true,"finishedAt":true,"durationsMs":true,"responseStatuses":true,"errors":true,"oks":true,"exchanges":true,"responseBodies":true,"eventIds":true,"succeedTo":true,"maxAttempts":true,"exhaustTo":true,"failAttemptTo":true,"retryDelaysMs":true,"from":true,"lo":true,"hi":true},"params":[{"name":"webhookIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":44,"b":55}]},{"name":"cycles","required":true,"transform":{"type":"scalar"},"locs":[{"a":66,"b":73}]},{"name":"attemptedAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":83,"b":95}]},{"name":"finishedAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":113,"b":124}]},{"name":"durationsMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":146,"b":158}]},{"name":"responseStatuses","required":true,"transform":{"type":"scalar"},"locs":[{"a":168,"b":185}]},{"name":"errors","required":true,"transform":{"type":"scalar"},"locs":[{"a":195,"b":202}]},{"name":"oks","required":true,"transform":{"type":"scalar"},"locs":[{"a":213,"b":217}]},{"name":"exchanges","required":true,"transform":{"type":"scalar"},"locs":[{"a":235,"b":245}]},{"name":"responseBodies","required":true,"transform":{"type":"scalar"},"locs":[{"a":256,"b":271}]},{"name":"eventIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":282,"b":291}]},{"name":"succeedTo","required":true,"transform":{"type":"scalar"},"locs":[{"a":564,"b":574}]},{"name":"maxAttempts","required":true,"transform":{"type":"scalar"},"locs":[{"a":640,"b":652},{"a":1899,"b":1911}]},{"name":"exhaustTo","required":true,"transform":{"type":"scalar"},"locs":[{"a":664,"b":674}]},{"name":"failAttemptTo","required":true,"transform":{"type":"scalar"},"locs":[{"a":722,"b":736}]},{"name":"retryDelaysMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":1961,"b":1975}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":2275,"b":2280}]},{"name":"lo","required":true,"transform":{"type":"scalar"},"locs":[{"a":2331,"b":2334}]},{"name":"hi","required":true,"transform":{"type":"scalar"},"locs":[{"a":2346,"b":2349}]}],"statement":"WITH input AS (\n  SELECT * FROM unnest(\n    :webhookIds!::text[], :cycles!::int[], :attemptedAt!::timestamptz[], :finishedAt!::timestamptz[],\n    :durationsMs!::int[], :responseStatuses!::int[], :errors!::text[], :oks!::boolean[],\n    :exchanges!::text[], :responseBodies!::text[], :eventIds!::text[]\n  ) AS i(webhook_id, cycle, attempted_at, finished_at, duration_ms, response_status, error, ok,\n         exchange, response_body, event_id)\n), updated AS (\n  UPDATE webhook_deliveries AS d\n     SET attempts = d.attempts + 1,\n         status = CASE WHEN i.ok THEN :succeedTo!::\"DeliveryStatus\"\n                       WHEN d.attempts + 1 >= :maxAttempts!::int THEN :exhaustTo!::\"DeliveryStatus\"\n                       ELSE :failAttemptTo!::\"DeliveryStatus\" END,\n         error_message = i.error,\n         -- the first attempt of cycle 1 (none made yet) stays in the row, its columns NULL until then\n         -- (where an attempt lives: stored-attempts.ts; written here, with the transition, in one UPDATE)\n         first_attempted_at = CASE WHEN d.cycle = 1 AND d.attempts = 0 THEN i.attempted_at ELSE d.first_attempted_at END,\n         first_duration_ms = CASE WHEN d.cycle = 1 AND d.attempts = 0 THEN i.duration_ms ELSE d.first_duration_ms END,\n         first_response_status = CASE WHEN d.cycle = 1 AND d.attempts = 0 THEN i.response_status\n                                      ELSE d.first_response_status END,\n         first_error = CASE WHEN d.cycle = 1 AND d.attempts = 0 THEN i.error ELSE d.first_error END,\n         first_exchange = CASE WHEN d.cycle = 1 AND d.attempts = 0 THEN decode(i.exchange, 'base64')\n                               ELSE d.first_exchange END,\n         first_response_body = CASE WHEN d.cycle = 1 AND d.attempts = 0 THEN i.response_body\n                                    ELSE d.first_response_body END,\n         next_attempt_at = CASE WHEN i.ok OR d.attempts + 1 >= :maxAttempts!::int THEN NULL\n           ELSE i.finished_at + (:retryDelaysMs!::int[])[d.attempts + 1] * interval '1 millisecond' END\n    FROM input AS i, webhooks AS w\n   -- by the key (a probe of (webhook_ref, event_id)), within the batch's days\n   WHERE w.id = i.webhook_id AND d.webhook_ref = w.ref AND d.event_id = i.event_id AND d.cycle = i.cycle\n     AND d.status = ANY(:from!::\"DeliveryStatus\"[])\n     AND d.event_id BETWEEN :lo!::text AND :hi!::text\nRETURNING d.event_id, d.webhook_ref, w.id AS webhook_id, d.attempts, d.status, d.next_attempt_at,\n          ctxlog_endpoint_state(w.status, w.disabled_at, w.deleted_at) AS endpoint_state,\n          i.cycle, i.attempted_at, i.duration_ms, i.response_status, i.error, i.exchange, i.response_body\n), logged AS (\n  -- every attempt but the first of cycle 1 (kept in the delivery's row)\n  INSERT INTO webhook_attempts (event_id, webhook_ref, cycle, number, attempted_at, duration_ms, response_status,\n                                error, exchange, response_body)\n  SELECT event_id, webhook_ref, cycle, attempts, attempted_at, duration_ms, response_status, error,\n         decode(exchange, 'base64'), response_body FROM updated\n   WHERE NOT (cycle = 1 AND attempts = 1)\n)\nSELECT event_id AS \"event_id!\", webhook_id AS \"webhook_id!\", attempts AS \"attempts!\", status AS \"status!\",\n       next_attempt_at, endpoint_state AS \"endpoint_state!\"\n  FROM updated"};

/**
 * Query generated from SQL:
 * ```
 * WITH input AS (
 *   SELECT * FROM unnest(
 *     :webhookIds!::text[], :cycles!::int[], :attemptedAt!::timestamptz[], :finishedAt!::timestamptz[],
 *     :durationsMs!::int[], :responseStatuses!::int[], :errors!::text[], :oks!::boolean[],
 *     :exchanges!::text[], :responseBodies!::text[], :eventIds!::text[]
 *   ) AS i(webhook_id, cycle, attempted_at, finished_at, duration_ms, response_status, error, ok,
 *          exchange, response_body, event_id)
 * ), updated AS (
 *   UPDATE webhook_deliveries AS d
 *      SET attempts = d.attempts + 1,
 *          status = CASE WHEN i.ok THEN :succeedTo!::"DeliveryStatus"
 *                        WHEN d.attempts + 1 >= :maxAttempts!::int THEN :exhaustTo!::"DeliveryStatus"
 *                        ELSE :failAttemptTo!::"DeliveryStatus" END,
 *          error_message = i.error,
 *          -- the first attempt of cycle 1 (none made yet) stays in the row, its columns NULL until then
 *          -- (where an attempt lives: stored-attempts.ts; written here, with the transition, in one UPDATE)
 *          first_attempted_at = CASE WHEN d.cycle = 1 AND d.attempts = 0 THEN i.attempted_at ELSE d.first_attempted_at END,
 *          first_duration_ms = CASE WHEN d.cycle = 1 AND d.attempts = 0 THEN i.duration_ms ELSE d.first_duration_ms END,
 *          first_response_status = CASE WHEN d.cycle = 1 AND d.attempts = 0 THEN i.response_status
 *                                       ELSE d.first_response_status END,
 *          first_error = CASE WHEN d.cycle = 1 AND d.attempts = 0 THEN i.error ELSE d.first_error END,
 *          first_exchange = CASE WHEN d.cycle = 1 AND d.attempts = 0 THEN decode(i.exchange, 'base64')
 *                                ELSE d.first_exchange END,
 *          first_response_body = CASE WHEN d.cycle = 1 AND d.attempts = 0 THEN i.response_body
 *                                     ELSE d.first_response_body END,
 *          next_attempt_at = CASE WHEN i.ok OR d.attempts + 1 >= :maxAttempts!::int THEN NULL
 *            ELSE i.finished_at + (:retryDelaysMs!::int[])[d.attempts + 1] * interval '1 millisecond' END
 *     FROM input AS i, webhooks AS w
 *    -- by the key (a probe of (webhook_ref, event_id)), within the batch's days
 *    WHERE w.id = i.webhook_id AND d.webhook_ref = w.ref AND d.event_id = i.event_id AND d.cycle = i.cycle
 *      AND d.status = ANY(:from!::"DeliveryStatus"[])
 *      AND d.event_id BETWEEN :lo!::text AND :hi!::text
 * RETURNING d.event_id, d.webhook_ref, w.id AS webhook_id, d.attempts, d.status, d.next_attempt_at,
 *           ctxlog_endpoint_state(w.status, w.disabled_at, w.deleted_at) AS endpoint_state,
 *           i.cycle, i.attempted_at, i.duration_ms, i.response_status, i.error, i.exchange, i.response_body
 * ), logged AS (
 *   -- every attempt but the first of cycle 1 (kept in the delivery's row)
 *   INSERT INTO webhook_attempts (event_id, webhook_ref, cycle, number, attempted_at, duration_ms, response_status,
 *                                 error, exchange, response_body)
 *   SELECT event_id, webhook_ref, cycle, attempts, attempted_at, duration_ms, response_status, error,
 *          decode(exchange, 'base64'), response_body FROM updated
 *    WHERE NOT (cycle = 1 AND attempts = 1)
 * )
 * SELECT event_id AS "event_id!", webhook_id AS "webhook_id!", attempts AS "attempts!", status AS "status!",
 *        next_attempt_at, endpoint_state AS "endpoint_state!"
 *   FROM updated
 * ```
 */
export const recordDeliveryAttempts = new PreparedQuery<IRecordDeliveryAttemptsParams,IRecordDeliveryAttemptsResult>(recordDeliveryAttemptsIR);


/** 'AbandonDeliveryRows' parameters type */
export interface IAbandonDeliveryRowsParams {
  eventIds: stringArray;
  from: DeliveryStatusArray;
  reason: string;
  to: DeliveryStatus;
  webhookIds: stringArray;
}

/** 'AbandonDeliveryRows' return type */
export interface IAbandonDeliveryRowsResult {
  event_id: string;
}

/** 'AbandonDeliveryRows' query type */
export interface IAbandonDeliveryRowsQuery {
  params: IAbandonDeliveryRowsParams;
  result: IAbandonDeliveryRowsResult;
}

const abandonDeliveryRowsIR: any = {"usedParamSet":{"to":true,"reason":true,"webhookIds":true,"eventIds":true,"from":true},"params":[{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":47,"b":50}]},{"name":"reason","required":true,"transform":{"type":"scalar"},"locs":[{"a":87,"b":94}]},{"name":"webhookIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":134,"b":145}]},{"name":"eventIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":156,"b":165}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":321,"b":326}]}],"statement":"UPDATE webhook_deliveries AS d\n   SET status = :to!::\"DeliveryStatus\", error_message = :reason!, next_attempt_at = NULL\n  FROM unnest(:webhookIds!::text[], :eventIds!::text[]) AS k(webhook_id, event_id), webhooks AS w\n WHERE w.id = k.webhook_id AND d.webhook_ref = w.ref AND d.event_id = k.event_id\n   AND d.status = ANY(:from!::\"DeliveryStatus\"[])\nRETURNING d.event_id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook_deliveries AS d
 *    SET status = :to!::"DeliveryStatus", error_message = :reason!, next_attempt_at = NULL
 *   FROM unnest(:webhookIds!::text[], :eventIds!::text[]) AS k(webhook_id, event_id), webhooks AS w
 *  WHERE w.id = k.webhook_id AND d.webhook_ref = w.ref AND d.event_id = k.event_id
 *    AND d.status = ANY(:from!::"DeliveryStatus"[])
 * RETURNING d.event_id
 * ```
 */
export const abandonDeliveryRows = new PreparedQuery<IAbandonDeliveryRowsParams,IAbandonDeliveryRowsResult>(abandonDeliveryRowsIR);


/** 'AbandonDeliveriesOfWebhook' parameters type */
export interface IAbandonDeliveriesOfWebhookParams {
  from: DeliveryStatusArray;
  reason: string;
  to: DeliveryStatus;
  webhookId: string;
}

/** 'AbandonDeliveriesOfWebhook' return type */
export interface IAbandonDeliveriesOfWebhookResult {
  event_id: string;
}

/** 'AbandonDeliveriesOfWebhook' query type */
export interface IAbandonDeliveriesOfWebhookQuery {
  params: IAbandonDeliveriesOfWebhookParams;
  result: IAbandonDeliveriesOfWebhookResult;
}

const abandonDeliveriesOfWebhookIR: any = {"usedParamSet":{"to":true,"reason":true,"webhookId":true,"from":true},"params":[{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":127,"b":130}]},{"name":"reason","required":true,"transform":{"type":"scalar"},"locs":[{"a":167,"b":174}]},{"name":"webhookId","required":true,"transform":{"type":"scalar"},"locs":[{"a":258,"b":268}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":288,"b":293}]}],"statement":"-- one webhook's: its ref as a value (a subquery), each partition's key probed by it\nUPDATE webhook_deliveries\n   SET status = :to!::\"DeliveryStatus\", error_message = :reason!, next_attempt_at = NULL\n WHERE webhook_ref = (SELECT ref FROM webhooks WHERE id = :webhookId!) AND status = ANY(:from!::\"DeliveryStatus\"[])\nRETURNING event_id"};

/**
 * Query generated from SQL:
 * ```
 * -- one webhook's: its ref as a value (a subquery), each partition's key probed by it
 * UPDATE webhook_deliveries
 *    SET status = :to!::"DeliveryStatus", error_message = :reason!, next_attempt_at = NULL
 *  WHERE webhook_ref = (SELECT ref FROM webhooks WHERE id = :webhookId!) AND status = ANY(:from!::"DeliveryStatus"[])
 * RETURNING event_id
 * ```
 */
export const abandonDeliveriesOfWebhook = new PreparedQuery<IAbandonDeliveriesOfWebhookParams,IAbandonDeliveriesOfWebhookResult>(abandonDeliveriesOfWebhookIR);


/** 'RetryFailedDelivery' parameters type */
export interface IRetryFailedDeliveryParams {
  eventId: string;
  from: DeliveryStatusArray;
  to: DeliveryStatus;
  webhookId: string;
}

/** 'RetryFailedDelivery' return type */
export interface IRetryFailedDeliveryResult {
  event_id: string;
}

/** 'RetryFailedDelivery' query type */
export interface IRetryFailedDeliveryQuery {
  params: IRetryFailedDeliveryParams;
  result: IRetryFailedDeliveryResult;
}

const retryFailedDeliveryIR: any = {"usedParamSet":{"to":true,"webhookId":true,"eventId":true,"from":true},"params":[{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":42,"b":45}]},{"name":"webhookId","required":true,"transform":{"type":"scalar"},"locs":[{"a":181,"b":191}]},{"name":"eventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":209,"b":217}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":239,"b":244}]}],"statement":"UPDATE webhook_deliveries\n   SET status = :to!::\"DeliveryStatus\", attempts = 0, cycle = cycle + 1, next_attempt_at = now()\n WHERE webhook_ref = (SELECT ref FROM webhooks WHERE id = :webhookId!) AND event_id = :eventId!\n   AND status = ANY(:from!::\"DeliveryStatus\"[])\nRETURNING event_id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook_deliveries
 *    SET status = :to!::"DeliveryStatus", attempts = 0, cycle = cycle + 1, next_attempt_at = now()
 *  WHERE webhook_ref = (SELECT ref FROM webhooks WHERE id = :webhookId!) AND event_id = :eventId!
 *    AND status = ANY(:from!::"DeliveryStatus"[])
 * RETURNING event_id
 * ```
 */
export const retryFailedDelivery = new PreparedQuery<IRetryFailedDeliveryParams,IRetryFailedDeliveryResult>(retryFailedDeliveryIR);


/** 'RetryRetryingDeliveryNow' parameters type */
export interface IRetryRetryingDeliveryNowParams {
  eventId: string;
  from: DeliveryStatusArray;
  fromStates: stringArray;
  to: DeliveryStatus;
  webhookId: string;
}

/** 'RetryRetryingDeliveryNow' return type */
export interface IRetryRetryingDeliveryNowResult {
  event_id: string;
}

/** 'RetryRetryingDeliveryNow' query type */
export interface IRetryRetryingDeliveryNowQuery {
  params: IRetryRetryingDeliveryNowParams;
  result: IRetryRetryingDeliveryNowResult;
}

const retryRetryingDeliveryNowIR: any = {"usedParamSet":{"to":true,"webhookId":true,"eventId":true,"from":true,"fromStates":true},"params":[{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":42,"b":45}]},{"name":"webhookId","required":true,"transform":{"type":"scalar"},"locs":[{"a":148,"b":158}]},{"name":"eventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":176,"b":184}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":206,"b":211}]},{"name":"fromStates","required":true,"transform":{"type":"scalar"},"locs":[{"a":287,"b":298}]}],"statement":"UPDATE webhook_deliveries\n   SET status = :to!::\"DeliveryStatus\", next_attempt_at = now()\n WHERE webhook_ref = (SELECT ref FROM webhooks WHERE id = :webhookId!) AND event_id = :eventId!\n   AND status = ANY(:from!::\"DeliveryStatus\"[])\n   AND ctxlog_delivery_state(status, attempts) = ANY(:fromStates!::text[])\nRETURNING event_id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook_deliveries
 *    SET status = :to!::"DeliveryStatus", next_attempt_at = now()
 *  WHERE webhook_ref = (SELECT ref FROM webhooks WHERE id = :webhookId!) AND event_id = :eventId!
 *    AND status = ANY(:from!::"DeliveryStatus"[])
 *    AND ctxlog_delivery_state(status, attempts) = ANY(:fromStates!::text[])
 * RETURNING event_id
 * ```
 */
export const retryRetryingDeliveryNow = new PreparedQuery<IRetryRetryingDeliveryNowParams,IRetryRetryingDeliveryNowResult>(retryRetryingDeliveryNowIR);


/** 'RecoverDeliveryRows' parameters type */
export interface IRecoverDeliveryRowsParams {
  from: DeliveryStatusArray;
  since: DateOrString;
  to: DeliveryStatus;
  until?: DateOrString | null | void;
  webhookId: string;
}

/** 'RecoverDeliveryRows' return type */
export interface IRecoverDeliveryRowsResult {
  eventId: string;
  webhookId: string;
}

/** 'RecoverDeliveryRows' query type */
export interface IRecoverDeliveryRowsQuery {
  params: IRecoverDeliveryRowsParams;
  result: IRecoverDeliveryRowsResult;
}

const recoverDeliveryRowsIR: any = {"usedParamSet":{"to":true,"webhookId":true,"from":true,"since":true,"until":true},"params":[{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":47,"b":50}]},{"name":"webhookId","required":true,"transform":{"type":"scalar"},"locs":[{"a":231,"b":241}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":292,"b":297}]},{"name":"since","required":true,"transform":{"type":"scalar"},"locs":[{"a":391,"b":397}]},{"name":"until","required":false,"transform":{"type":"scalar"},"locs":[{"a":420,"b":425},{"a":466,"b":471}]}],"statement":"UPDATE webhook_deliveries AS d\n   SET status = :to!::\"DeliveryStatus\", attempts = 0, cycle = d.cycle + 1, next_attempt_at = now()\n  FROM webhooks AS w, outbox_events AS e\n WHERE d.webhook_ref = (SELECT ref FROM webhooks WHERE id = :webhookId!) AND w.ref = d.webhook_ref\n   AND d.status = ANY(:from!::\"DeliveryStatus\"[]) AND e.user_id = w.user_id AND e.id = d.event_id\n   AND e.created_at >= :since!::timestamptz\n   AND (:until::timestamptz IS NULL OR e.created_at < :until::timestamptz)\nRETURNING d.event_id AS \"eventId!\", w.id AS \"webhookId!\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhook_deliveries AS d
 *    SET status = :to!::"DeliveryStatus", attempts = 0, cycle = d.cycle + 1, next_attempt_at = now()
 *   FROM webhooks AS w, outbox_events AS e
 *  WHERE d.webhook_ref = (SELECT ref FROM webhooks WHERE id = :webhookId!) AND w.ref = d.webhook_ref
 *    AND d.status = ANY(:from!::"DeliveryStatus"[]) AND e.user_id = w.user_id AND e.id = d.event_id
 *    AND e.created_at >= :since!::timestamptz
 *    AND (:until::timestamptz IS NULL OR e.created_at < :until::timestamptz)
 * RETURNING d.event_id AS "eventId!", w.id AS "webhookId!"
 * ```
 */
export const recoverDeliveryRows = new PreparedQuery<IRecoverDeliveryRowsParams,IRecoverDeliveryRowsResult>(recoverDeliveryRowsIR);


