/** Types generated for queries found in "packages/db/src/otel/otel-refusals.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type numberArray = (number)[];

export type stringArray = (string)[];

/** 'AddOtelRefusals' parameters type */
export interface IAddOtelRefusalsParams {
  reasons: stringArray;
  samples: stringArray;
  serviceNames: stringArray;
  spans: numberArray;
  suggestedAgentIds: stringArray;
  userId: string;
}

/** 'AddOtelRefusals' return type */
export type IAddOtelRefusalsResult = void;

/** 'AddOtelRefusals' query type */
export interface IAddOtelRefusalsQuery {
  params: IAddOtelRefusalsParams;
  result: IAddOtelRefusalsResult;
}

const addOtelRefusalsIR: any = {"usedParamSet":{"userId":true,"reasons":true,"spans":true,"samples":true,"serviceNames":true,"suggestedAgentIds":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":122,"b":129}]},{"name":"reasons","required":true,"transform":{"type":"scalar"},"locs":[{"a":264,"b":272}]},{"name":"spans","required":true,"transform":{"type":"scalar"},"locs":[{"a":283,"b":289}]},{"name":"samples","required":true,"transform":{"type":"scalar"},"locs":[{"a":299,"b":307}]},{"name":"serviceNames","required":true,"transform":{"type":"scalar"},"locs":[{"a":318,"b":331}]},{"name":"suggestedAgentIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":356,"b":374}]}],"statement":"INSERT INTO otel_refusals AS r\n  (user_id, reason, hour, spans, last_at, sample, service_name, suggested_agent_id)\nSELECT :userId!, b.reason, date_trunc('hour', now()), b.spans, now(), left(b.sample, 500),\n       b.service_name, b.suggested_agent_id\n  FROM unnest(:reasons!::text[], :spans!::int[], :samples!::text[], :serviceNames!::text[],\n              :suggestedAgentIds!::text[]) AS b(reason, spans, sample, service_name, suggested_agent_id)\nON CONFLICT (user_id, reason, hour) DO UPDATE\n   SET spans = r.spans + EXCLUDED.spans, last_at = EXCLUDED.last_at, sample = EXCLUDED.sample,\n       service_name = EXCLUDED.service_name, suggested_agent_id = EXCLUDED.suggested_agent_id"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO otel_refusals AS r
 *   (user_id, reason, hour, spans, last_at, sample, service_name, suggested_agent_id)
 * SELECT :userId!, b.reason, date_trunc('hour', now()), b.spans, now(), left(b.sample, 500),
 *        b.service_name, b.suggested_agent_id
 *   FROM unnest(:reasons!::text[], :spans!::int[], :samples!::text[], :serviceNames!::text[],
 *               :suggestedAgentIds!::text[]) AS b(reason, spans, sample, service_name, suggested_agent_id)
 * ON CONFLICT (user_id, reason, hour) DO UPDATE
 *    SET spans = r.spans + EXCLUDED.spans, last_at = EXCLUDED.last_at, sample = EXCLUDED.sample,
 *        service_name = EXCLUDED.service_name, suggested_agent_id = EXCLUDED.suggested_agent_id
 * ```
 */
export const addOtelRefusals = new PreparedQuery<IAddOtelRefusalsParams,IAddOtelRefusalsResult>(addOtelRefusalsIR);


/** 'DeleteOldOtelRefusals' parameters type */
export interface IDeleteOldOtelRefusalsParams {
  userId: string;
  windowHours: number;
}

/** 'DeleteOldOtelRefusals' return type */
export type IDeleteOldOtelRefusalsResult = void;

/** 'DeleteOldOtelRefusals' query type */
export interface IDeleteOldOtelRefusalsQuery {
  params: IDeleteOldOtelRefusalsParams;
  result: IDeleteOldOtelRefusalsResult;
}

const deleteOldOtelRefusalsIR: any = {"usedParamSet":{"userId":true,"windowHours":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":43,"b":50}]},{"name":"windowHours","required":true,"transform":{"type":"scalar"},"locs":[{"a":117,"b":129}]}],"statement":"DELETE FROM otel_refusals\n WHERE user_id = :userId!\n   AND hour < date_trunc('hour', now()) - make_interval(hours => :windowHours!::int)"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM otel_refusals
 *  WHERE user_id = :userId!
 *    AND hour < date_trunc('hour', now()) - make_interval(hours => :windowHours!::int)
 * ```
 */
export const deleteOldOtelRefusals = new PreparedQuery<IDeleteOldOtelRefusalsParams,IDeleteOldOtelRefusalsResult>(deleteOldOtelRefusalsIR);


/** 'OtelRefusalsSince' parameters type */
export interface IOtelRefusalsSinceParams {
  since: DateOrString;
  userId: string;
}

/** 'OtelRefusalsSince' return type */
export interface IOtelRefusalsSinceResult {
  lastAt: Date;
  reason: string;
  sample: string;
  serviceName: string | null;
  spans: number;
  suggestedAgentId: string | null;
}

/** 'OtelRefusalsSince' query type */
export interface IOtelRefusalsSinceQuery {
  params: IOtelRefusalsSinceParams;
  result: IOtelRefusalsSinceResult;
}

const otelRefusalsSinceIR: any = {"usedParamSet":{"userId":true,"since":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":350,"b":357}]},{"name":"since","required":true,"transform":{"type":"scalar"},"locs":[{"a":390,"b":396}]}],"statement":"SELECT reason AS \"reason!\", sum(spans)::int AS \"spans!\", max(last_at) AS \"lastAt!\",\n       (array_agg(sample ORDER BY last_at DESC))[1] AS \"sample!\",\n       (array_agg(service_name ORDER BY last_at DESC))[1] AS \"serviceName\",\n       (array_agg(suggested_agent_id ORDER BY last_at DESC))[1] AS \"suggestedAgentId\"\n  FROM otel_refusals\n WHERE user_id = :userId! AND hour >= date_trunc('hour', :since!::timestamptz)\n GROUP BY reason\n ORDER BY sum(spans) DESC, reason"};

/**
 * Query generated from SQL:
 * ```
 * SELECT reason AS "reason!", sum(spans)::int AS "spans!", max(last_at) AS "lastAt!",
 *        (array_agg(sample ORDER BY last_at DESC))[1] AS "sample!",
 *        (array_agg(service_name ORDER BY last_at DESC))[1] AS "serviceName",
 *        (array_agg(suggested_agent_id ORDER BY last_at DESC))[1] AS "suggestedAgentId"
 *   FROM otel_refusals
 *  WHERE user_id = :userId! AND hour >= date_trunc('hour', :since!::timestamptz)
 *  GROUP BY reason
 *  ORDER BY sum(spans) DESC, reason
 * ```
 */
export const otelRefusalsSince = new PreparedQuery<IOtelRefusalsSinceParams,IOtelRefusalsSinceResult>(otelRefusalsSinceIR);


