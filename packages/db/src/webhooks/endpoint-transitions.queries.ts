/** Types generated for queries found in "packages/db/src/webhooks/endpoint-transitions.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type WebhookStatus = 'active' | 'degraded' | 'failing';

export type DateOrString = Date | string;

export type stringArray = (string)[];

/** 'CreateEndpoint' parameters type */
export interface ICreateEndpointParams {
  description: string;
  events: stringArray;
  id: string;
  now: DateOrString;
  rateLimit?: number | null | void;
  secret: string;
  secretKeyId?: string | null | void;
  to: WebhookStatus;
  url: string;
  userId: string;
}

/** 'CreateEndpoint' return type */
export type ICreateEndpointResult = void;

/** 'CreateEndpoint' query type */
export interface ICreateEndpointQuery {
  params: ICreateEndpointParams;
  result: ICreateEndpointResult;
}

const createEndpointIR: any = {"usedParamSet":{"id":true,"userId":true,"url":true,"events":true,"description":true,"rateLimit":true,"secret":true,"secretKeyId":true,"to":true,"now":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":158,"b":161}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":164,"b":171}]},{"name":"url","required":true,"transform":{"type":"scalar"},"locs":[{"a":174,"b":178}]},{"name":"events","required":true,"transform":{"type":"scalar"},"locs":[{"a":181,"b":188}]},{"name":"description","required":true,"transform":{"type":"scalar"},"locs":[{"a":199,"b":211}]},{"name":"rateLimit","required":false,"transform":{"type":"scalar"},"locs":[{"a":214,"b":223}]},{"name":"secret","required":true,"transform":{"type":"scalar"},"locs":[{"a":231,"b":238}]},{"name":"secretKeyId","required":false,"transform":{"type":"scalar"},"locs":[{"a":241,"b":252}]},{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":263,"b":266}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":286,"b":290},{"a":306,"b":310}]}],"statement":"INSERT INTO webhooks (id, user_id, url, events, description, rate_limit, secret, secret_key_id, status,\n                      created_at, updated_at)\nVALUES (:id!, :userId!, :url!, :events!::text[], :description!, :rateLimit::int, :secret!, :secretKeyId,\n        :to!::\"WebhookStatus\", :now!::timestamptz, :now!::timestamptz)"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO webhooks (id, user_id, url, events, description, rate_limit, secret, secret_key_id, status,
 *                       created_at, updated_at)
 * VALUES (:id!, :userId!, :url!, :events!::text[], :description!, :rateLimit::int, :secret!, :secretKeyId,
 *         :to!::"WebhookStatus", :now!::timestamptz, :now!::timestamptz)
 * ```
 */
export const createEndpoint = new PreparedQuery<ICreateEndpointParams,ICreateEndpointResult>(createEndpointIR);


/** 'RecordEndpointHealth' parameters type */
export interface IRecordEndpointHealthParams {
  exhausted: stringArray;
  failAttemptFrom: stringArray;
  failAttemptTo: WebhookStatus;
  failedAttempt: stringArray;
  failFrom: stringArray;
  failTo: WebhookStatus;
  succeeded: stringArray;
  succeedFrom: stringArray;
  succeedTo: WebhookStatus;
}

/** 'RecordEndpointHealth' return type */
export interface IRecordEndpointHealthResult {
  id: string;
}

/** 'RecordEndpointHealth' query type */
export interface IRecordEndpointHealthQuery {
  params: IRecordEndpointHealthParams;
  result: IRecordEndpointHealthResult;
}

const recordEndpointHealthIR: any = {"usedParamSet":{"succeeded":true,"exhausted":true,"failedAttempt":true,"succeedTo":true,"failTo":true,"failAttemptTo":true,"succeedFrom":true,"failFrom":true,"failAttemptFrom":true},"params":[{"name":"succeeded","required":true,"transform":{"type":"scalar"},"locs":[{"a":162,"b":172},{"a":351,"b":361}]},{"name":"exhausted","required":true,"transform":{"type":"scalar"},"locs":[{"a":228,"b":238},{"a":386,"b":396}]},{"name":"failedAttempt","required":true,"transform":{"type":"scalar"},"locs":[{"a":427,"b":441}]},{"name":"succeedTo","required":true,"transform":{"type":"scalar"},"locs":[{"a":524,"b":534}]},{"name":"failTo","required":true,"transform":{"type":"scalar"},"locs":[{"a":599,"b":606}]},{"name":"failAttemptTo","required":true,"transform":{"type":"scalar"},"locs":[{"a":659,"b":673}]},{"name":"succeedFrom","required":true,"transform":{"type":"scalar"},"locs":[{"a":989,"b":1001}]},{"name":"failFrom","required":true,"transform":{"type":"scalar"},"locs":[{"a":1050,"b":1059}]},{"name":"failAttemptFrom","required":true,"transform":{"type":"scalar"},"locs":[{"a":1096,"b":1112}]}],"statement":"-- one event an endpoint: succeed over fail over fail_attempt (a success since is the latest news)\nWITH outcome AS (\n  SELECT w.id,\n         CASE WHEN w.id = ANY(:succeeded!::text[]) THEN 'succeed'\n              WHEN w.id = ANY(:exhausted!::text[]) THEN 'fail'\n              ELSE 'fail_attempt' END AS event\n    FROM webhooks AS w\n   WHERE w.id = ANY(:succeeded!::text[]) OR w.id = ANY(:exhausted!::text[])\n      OR w.id = ANY(:failedAttempt!::text[])\n)\nUPDATE webhooks AS w\n   SET status = CASE o.event WHEN 'succeed' THEN :succeedTo!::\"WebhookStatus\"\n                             WHEN 'fail' THEN :failTo!::\"WebhookStatus\"\n                             ELSE :failAttemptTo!::\"WebhookStatus\" END,\n       failing_since = CASE o.event WHEN 'succeed' THEN NULL WHEN 'fail' THEN now() ELSE w.failing_since END,\n       updated_at = now()\n  FROM outcome AS o\n WHERE w.id = o.id\n   AND ctxlog_endpoint_state(w.status, w.disabled_at, w.deleted_at) = ANY(\n         CASE o.event WHEN 'succeed' THEN :succeedFrom!::text[]\n                      WHEN 'fail' THEN :failFrom!::text[]\n                      ELSE :failAttemptFrom!::text[] END)\nRETURNING w.id AS \"id!\""};

/**
 * Query generated from SQL:
 * ```
 * -- one event an endpoint: succeed over fail over fail_attempt (a success since is the latest news)
 * WITH outcome AS (
 *   SELECT w.id,
 *          CASE WHEN w.id = ANY(:succeeded!::text[]) THEN 'succeed'
 *               WHEN w.id = ANY(:exhausted!::text[]) THEN 'fail'
 *               ELSE 'fail_attempt' END AS event
 *     FROM webhooks AS w
 *    WHERE w.id = ANY(:succeeded!::text[]) OR w.id = ANY(:exhausted!::text[])
 *       OR w.id = ANY(:failedAttempt!::text[])
 * )
 * UPDATE webhooks AS w
 *    SET status = CASE o.event WHEN 'succeed' THEN :succeedTo!::"WebhookStatus"
 *                              WHEN 'fail' THEN :failTo!::"WebhookStatus"
 *                              ELSE :failAttemptTo!::"WebhookStatus" END,
 *        failing_since = CASE o.event WHEN 'succeed' THEN NULL WHEN 'fail' THEN now() ELSE w.failing_since END,
 *        updated_at = now()
 *   FROM outcome AS o
 *  WHERE w.id = o.id
 *    AND ctxlog_endpoint_state(w.status, w.disabled_at, w.deleted_at) = ANY(
 *          CASE o.event WHEN 'succeed' THEN :succeedFrom!::text[]
 *                       WHEN 'fail' THEN :failFrom!::text[]
 *                       ELSE :failAttemptFrom!::text[] END)
 * RETURNING w.id AS "id!"
 * ```
 */
export const recordEndpointHealth = new PreparedQuery<IRecordEndpointHealthParams,IRecordEndpointHealthResult>(recordEndpointHealthIR);


/** 'DisableEndpoint' parameters type */
export interface IDisableEndpointParams {
  failingBefore?: DateOrString | null | void;
  from: stringArray;
  reason: string;
  userId?: string | null | void;
  webhookId: string;
}

/** 'DisableEndpoint' return type */
export interface IDisableEndpointResult {
  description: string;
  disabled_at: Date;
  id: string;
  user_id: string;
}

/** 'DisableEndpoint' query type */
export interface IDisableEndpointQuery {
  params: IDisableEndpointParams;
  result: IDisableEndpointResult;
}

const disableEndpointIR: any = {"usedParamSet":{"reason":true,"webhookId":true,"from":true,"userId":true,"failingBefore":true},"params":[{"name":"reason","required":true,"transform":{"type":"scalar"},"locs":[{"a":62,"b":69}]},{"name":"webhookId","required":true,"transform":{"type":"scalar"},"locs":[{"a":103,"b":113}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":180,"b":185}]},{"name":"userId","required":false,"transform":{"type":"scalar"},"locs":[{"a":204,"b":210},{"a":239,"b":245}]},{"name":"failingBefore","required":false,"transform":{"type":"scalar"},"locs":[{"a":262,"b":275},{"a":318,"b":331}]}],"statement":"UPDATE webhooks\n   SET disabled_at = now(), disabled_reason = :reason!, updated_at = now()\n WHERE id = :webhookId! AND ctxlog_endpoint_state(status, disabled_at, deleted_at) = ANY(:from!::text[])\n   AND (:userId::text IS NULL OR user_id = :userId::text)\n   AND (:failingBefore::timestamptz IS NULL OR failing_since <= :failingBefore::timestamptz)\nRETURNING id AS \"id!\", user_id AS \"user_id!\", description AS \"description!\", disabled_at AS \"disabled_at!\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhooks
 *    SET disabled_at = now(), disabled_reason = :reason!, updated_at = now()
 *  WHERE id = :webhookId! AND ctxlog_endpoint_state(status, disabled_at, deleted_at) = ANY(:from!::text[])
 *    AND (:userId::text IS NULL OR user_id = :userId::text)
 *    AND (:failingBefore::timestamptz IS NULL OR failing_since <= :failingBefore::timestamptz)
 * RETURNING id AS "id!", user_id AS "user_id!", description AS "description!", disabled_at AS "disabled_at!"
 * ```
 */
export const disableEndpoint = new PreparedQuery<IDisableEndpointParams,IDisableEndpointResult>(disableEndpointIR);


/** 'EnableEndpoint' parameters type */
export interface IEnableEndpointParams {
  enableTo: WebhookStatus;
  failingStored: WebhookStatus;
  from: stringArray;
  userId: string;
  webhookId: string;
}

/** 'EnableEndpoint' return type */
export interface IEnableEndpointResult {
  id: string;
}

/** 'EnableEndpoint' query type */
export interface IEnableEndpointQuery {
  params: IEnableEndpointParams;
  result: IEnableEndpointResult;
}

const enableEndpointIR: any = {"usedParamSet":{"failingStored":true,"enableTo":true,"webhookId":true,"userId":true,"from":true},"params":[{"name":"failingStored","required":true,"transform":{"type":"scalar"},"locs":[{"a":122,"b":136},{"a":268,"b":282}]},{"name":"enableTo","required":true,"transform":{"type":"scalar"},"locs":[{"a":193,"b":202}]},{"name":"webhookId","required":true,"transform":{"type":"scalar"},"locs":[{"a":328,"b":338}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":354,"b":361}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":431,"b":436}]}],"statement":"UPDATE webhooks\n   SET disabled_at = NULL, disabled_reason = NULL, updated_at = now(),\n       status = CASE WHEN status = :failingStored!::\"WebhookStatus\" THEN status\n                     ELSE :enableTo!::\"WebhookStatus\" END,\n       failing_since = CASE WHEN status = :failingStored!::\"WebhookStatus\" THEN now() END\n WHERE id = :webhookId! AND user_id = :userId!\n   AND ctxlog_endpoint_state(status, disabled_at, deleted_at) = ANY(:from!::text[])\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhooks
 *    SET disabled_at = NULL, disabled_reason = NULL, updated_at = now(),
 *        status = CASE WHEN status = :failingStored!::"WebhookStatus" THEN status
 *                      ELSE :enableTo!::"WebhookStatus" END,
 *        failing_since = CASE WHEN status = :failingStored!::"WebhookStatus" THEN now() END
 *  WHERE id = :webhookId! AND user_id = :userId!
 *    AND ctxlog_endpoint_state(status, disabled_at, deleted_at) = ANY(:from!::text[])
 * RETURNING id
 * ```
 */
export const enableEndpoint = new PreparedQuery<IEnableEndpointParams,IEnableEndpointResult>(enableEndpointIR);


/** 'DeleteEndpoint' parameters type */
export interface IDeleteEndpointParams {
  from: stringArray;
  userId: string;
  webhookId: string;
}

/** 'DeleteEndpoint' return type */
export interface IDeleteEndpointResult {
  id: string;
}

/** 'DeleteEndpoint' query type */
export interface IDeleteEndpointQuery {
  params: IDeleteEndpointParams;
  result: IDeleteEndpointResult;
}

const deleteEndpointIR: any = {"usedParamSet":{"webhookId":true,"userId":true,"from":true},"params":[{"name":"webhookId","required":true,"transform":{"type":"scalar"},"locs":[{"a":74,"b":84}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":100,"b":107}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":177,"b":182}]}],"statement":"UPDATE webhooks\n   SET deleted_at = now(), updated_at = now()\n WHERE id = :webhookId! AND user_id = :userId!\n   AND ctxlog_endpoint_state(status, disabled_at, deleted_at) = ANY(:from!::text[])\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE webhooks
 *    SET deleted_at = now(), updated_at = now()
 *  WHERE id = :webhookId! AND user_id = :userId!
 *    AND ctxlog_endpoint_state(status, disabled_at, deleted_at) = ANY(:from!::text[])
 * RETURNING id
 * ```
 */
export const deleteEndpoint = new PreparedQuery<IDeleteEndpointParams,IDeleteEndpointResult>(deleteEndpointIR);


/** 'EndpointAllows' parameters type */
export interface IEndpointAllowsParams {
  failingBefore?: DateOrString | null | void;
  from: stringArray;
  userId?: string | null | void;
  webhookId: string;
}

/** 'EndpointAllows' return type */
export interface IEndpointAllowsResult {
  id: string;
}

/** 'EndpointAllows' query type */
export interface IEndpointAllowsQuery {
  params: IEndpointAllowsParams;
  result: IEndpointAllowsResult;
}

const endpointAllowsIR: any = {"usedParamSet":{"webhookId":true,"from":true,"userId":true,"failingBefore":true},"params":[{"name":"webhookId","required":true,"transform":{"type":"scalar"},"locs":[{"a":219,"b":229}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":296,"b":301}]},{"name":"userId","required":false,"transform":{"type":"scalar"},"locs":[{"a":320,"b":326},{"a":355,"b":361}]},{"name":"failingBefore","required":false,"transform":{"type":"scalar"},"locs":[{"a":378,"b":391},{"a":434,"b":447}]}],"statement":"-- whether disableEndpoint or deleteEndpoint would change the row now (their conditions, read\n-- without a lock): the caller writes the endpoint's deliveries first only when it would\nSELECT id FROM webhooks\n WHERE id = :webhookId! AND ctxlog_endpoint_state(status, disabled_at, deleted_at) = ANY(:from!::text[])\n   AND (:userId::text IS NULL OR user_id = :userId::text)\n   AND (:failingBefore::timestamptz IS NULL OR failing_since <= :failingBefore::timestamptz)"};

/**
 * Query generated from SQL:
 * ```
 * -- whether disableEndpoint or deleteEndpoint would change the row now (their conditions, read
 * -- without a lock): the caller writes the endpoint's deliveries first only when it would
 * SELECT id FROM webhooks
 *  WHERE id = :webhookId! AND ctxlog_endpoint_state(status, disabled_at, deleted_at) = ANY(:from!::text[])
 *    AND (:userId::text IS NULL OR user_id = :userId::text)
 *    AND (:failingBefore::timestamptz IS NULL OR failing_since <= :failingBefore::timestamptz)
 * ```
 */
export const endpointAllows = new PreparedQuery<IEndpointAllowsParams,IEndpointAllowsResult>(endpointAllowsIR);


