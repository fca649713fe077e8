/** Types generated for queries found in "packages/db/src/otel/trace-agents.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type JsonArray = (Json)[];

export type stringArray = (string)[];

/** 'TraceAgentsOf' parameters type */
export interface ITraceAgentsOfParams {
  traceIds: stringArray;
  userId: string;
}

/** 'TraceAgentsOf' return type */
export interface ITraceAgentsOfResult {
  agentId: string;
  traceId: string;
}

/** 'TraceAgentsOf' query type */
export interface ITraceAgentsOfQuery {
  params: ITraceAgentsOfParams;
  result: ITraceAgentsOfResult;
}

const traceAgentsOfIR: any = {"usedParamSet":{"userId":true,"traceIds":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":94,"b":101}]},{"name":"traceIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":122,"b":131}]}],"statement":"SELECT trace_id AS \"traceId\", agent_id AS \"agentId\"\n  FROM otel_trace_agents\n WHERE user_id = :userId! AND trace_id = ANY(:traceIds!::text[])"};

/**
 * Query generated from SQL:
 * ```
 * SELECT trace_id AS "traceId", agent_id AS "agentId"
 *   FROM otel_trace_agents
 *  WHERE user_id = :userId! AND trace_id = ANY(:traceIds!::text[])
 * ```
 */
export const traceAgentsOf = new PreparedQuery<ITraceAgentsOfParams,ITraceAgentsOfResult>(traceAgentsOfIR);


/** 'InsertTraceAgents' parameters type */
export interface IInsertTraceAgentsParams {
  agentIds: stringArray;
  traceIds: stringArray;
  userId: string;
}

/** 'InsertTraceAgents' return type */
export type IInsertTraceAgentsResult = void;

/** 'InsertTraceAgents' query type */
export interface IInsertTraceAgentsQuery {
  params: IInsertTraceAgentsParams;
  result: IInsertTraceAgentsResult;
}

const insertTraceAgentsIR: any = {"usedParamSet":{"userId":true,"traceIds":true,"agentIds":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":67,"b":74}]},{"name":"traceIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":114,"b":123}]},{"name":"agentIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":134,"b":143}]}],"statement":"INSERT INTO otel_trace_agents (user_id, trace_id, agent_id)\nSELECT :userId!, k.trace_id, k.agent_id\n  FROM unnest(:traceIds!::text[], :agentIds!::text[]) AS k(trace_id, agent_id)\nON CONFLICT (user_id, trace_id) DO NOTHING"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO otel_trace_agents (user_id, trace_id, agent_id)
 * SELECT :userId!, k.trace_id, k.agent_id
 *   FROM unnest(:traceIds!::text[], :agentIds!::text[]) AS k(trace_id, agent_id)
 * ON CONFLICT (user_id, trace_id) DO NOTHING
 * ```
 */
export const insertTraceAgents = new PreparedQuery<IInsertTraceAgentsParams,IInsertTraceAgentsResult>(insertTraceAgentsIR);


/** 'CountHeldSpansOf' parameters type */
export interface ICountHeldSpansOfParams {
  userId: string;
}

/** 'CountHeldSpansOf' return type */
export interface ICountHeldSpansOfResult {
  n: number;
}

/** 'CountHeldSpansOf' query type */
export interface ICountHeldSpansOfQuery {
  params: ICountHeldSpansOfParams;
  result: ICountHeldSpansOfResult;
}

const countHeldSpansOfIR: any = {"usedParamSet":{"userId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":66,"b":73}]}],"statement":"SELECT count(*)::int AS \"n!\" FROM otel_held_spans WHERE user_id = :userId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT count(*)::int AS "n!" FROM otel_held_spans WHERE user_id = :userId!
 * ```
 */
export const countHeldSpansOf = new PreparedQuery<ICountHeldSpansOfParams,ICountHeldSpansOfResult>(countHeldSpansOfIR);


/** 'InsertHeldSpans' parameters type */
export interface IInsertHeldSpansParams {
  apiKeyIds: stringArray;
  keyFamilyIds: stringArray;
  spanIds: stringArray;
  spans: JsonArray;
  traceIds: stringArray;
  userIds: stringArray;
}

/** 'InsertHeldSpans' return type */
export type IInsertHeldSpansResult = void;

/** 'InsertHeldSpans' query type */
export interface IInsertHeldSpansQuery {
  params: IInsertHeldSpansParams;
  result: IInsertHeldSpansResult;
}

const insertHeldSpansIR: any = {"usedParamSet":{"userIds":true,"traceIds":true,"spanIds":true,"apiKeyIds":true,"keyFamilyIds":true,"spans":true},"params":[{"name":"userIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":111,"b":119}]},{"name":"traceIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":130,"b":139}]},{"name":"spanIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":150,"b":158}]},{"name":"apiKeyIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":169,"b":179}]},{"name":"keyFamilyIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":211,"b":224}]},{"name":"spans","required":true,"transform":{"type":"scalar"},"locs":[{"a":235,"b":241}]}],"statement":"INSERT INTO otel_held_spans (user_id, trace_id, span_id, api_key_id, key_family_id, span)\nSELECT * FROM unnest(:userIds!::text[], :traceIds!::text[], :spanIds!::text[], :apiKeyIds!::text[],\n                     :keyFamilyIds!::text[], :spans!::jsonb[])\nON CONFLICT (user_id, trace_id, span_id) DO NOTHING"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO otel_held_spans (user_id, trace_id, span_id, api_key_id, key_family_id, span)
 * SELECT * FROM unnest(:userIds!::text[], :traceIds!::text[], :spanIds!::text[], :apiKeyIds!::text[],
 *                      :keyFamilyIds!::text[], :spans!::jsonb[])
 * ON CONFLICT (user_id, trace_id, span_id) DO NOTHING
 * ```
 */
export const insertHeldSpans = new PreparedQuery<IInsertHeldSpansParams,IInsertHeldSpansResult>(insertHeldSpansIR);


/** 'DeleteHeldSpansOfTraces' parameters type */
export interface IDeleteHeldSpansOfTracesParams {
  traceIds: stringArray;
  userId: string;
}

/** 'DeleteHeldSpansOfTraces' return type */
export interface IDeleteHeldSpansOfTracesResult {
  apiKeyId: string;
  keyFamilyId: string;
  span: Json;
  spanId: string;
  traceId: string;
  userId: string;
}

/** 'DeleteHeldSpansOfTraces' query type */
export interface IDeleteHeldSpansOfTracesQuery {
  params: IDeleteHeldSpansOfTracesParams;
  result: IDeleteHeldSpansOfTracesResult;
}

const deleteHeldSpansOfTracesIR: any = {"usedParamSet":{"userId":true,"traceIds":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":45,"b":52}]},{"name":"traceIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":73,"b":82}]}],"statement":"DELETE FROM otel_held_spans\n WHERE user_id = :userId! AND trace_id = ANY(:traceIds!::text[])\nRETURNING user_id AS \"userId\", trace_id AS \"traceId\", span_id AS \"spanId\", api_key_id AS \"apiKeyId\",\n          key_family_id AS \"keyFamilyId\", span"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM otel_held_spans
 *  WHERE user_id = :userId! AND trace_id = ANY(:traceIds!::text[])
 * RETURNING user_id AS "userId", trace_id AS "traceId", span_id AS "spanId", api_key_id AS "apiKeyId",
 *           key_family_id AS "keyFamilyId", span
 * ```
 */
export const deleteHeldSpansOfTraces = new PreparedQuery<IDeleteHeldSpansOfTracesParams,IDeleteHeldSpansOfTracesResult>(deleteHeldSpansOfTracesIR);


/** 'DeleteExpiredHeldSpans' parameters type */
export interface IDeleteExpiredHeldSpansParams {
  limit: number;
  olderThanSeconds: number;
  userId?: string | null | void;
}

/** 'DeleteExpiredHeldSpans' return type */
export interface IDeleteExpiredHeldSpansResult {
  apiKeyId: string;
  keyFamilyId: string;
  span: Json;
  spanId: string;
  traceId: string;
  userId: string;
}

/** 'DeleteExpiredHeldSpans' query type */
export interface IDeleteExpiredHeldSpansQuery {
  params: IDeleteExpiredHeldSpansParams;
  result: IDeleteExpiredHeldSpansResult;
}

const deleteExpiredHeldSpansIR: any = {"usedParamSet":{"userId":true,"olderThanSeconds":true,"limit":true},"params":[{"name":"userId","required":false,"transform":{"type":"scalar"},"locs":[{"a":112,"b":118},{"a":147,"b":153}]},{"name":"olderThanSeconds","required":true,"transform":{"type":"scalar"},"locs":[{"a":212,"b":229}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":272,"b":278}]}],"statement":"DELETE FROM otel_held_spans AS h\n USING (SELECT user_id, trace_id, span_id FROM otel_held_spans\n         WHERE (:userId::text IS NULL OR user_id = :userId)\n           AND held_at <= now() - make_interval(secs => :olderThanSeconds!::float8)\n         ORDER BY held_at LIMIT :limit!::int\n           FOR UPDATE SKIP LOCKED) AS old\n WHERE h.user_id = old.user_id AND h.trace_id = old.trace_id AND h.span_id = old.span_id\nRETURNING h.user_id AS \"userId\", h.trace_id AS \"traceId\", h.span_id AS \"spanId\", h.api_key_id AS \"apiKeyId\",\n          h.key_family_id AS \"keyFamilyId\", h.span"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM otel_held_spans AS h
 *  USING (SELECT user_id, trace_id, span_id FROM otel_held_spans
 *          WHERE (:userId::text IS NULL OR user_id = :userId)
 *            AND held_at <= now() - make_interval(secs => :olderThanSeconds!::float8)
 *          ORDER BY held_at LIMIT :limit!::int
 *            FOR UPDATE SKIP LOCKED) AS old
 *  WHERE h.user_id = old.user_id AND h.trace_id = old.trace_id AND h.span_id = old.span_id
 * RETURNING h.user_id AS "userId", h.trace_id AS "traceId", h.span_id AS "spanId", h.api_key_id AS "apiKeyId",
 *           h.key_family_id AS "keyFamilyId", h.span
 * ```
 */
export const deleteExpiredHeldSpans = new PreparedQuery<IDeleteExpiredHeldSpansParams,IDeleteExpiredHeldSpansResult>(deleteExpiredHeldSpansIR);


/** 'DeleteOldTraceAgents' parameters type */
export interface IDeleteOldTraceAgentsParams {
  retentionHours: number;
}

/** 'DeleteOldTraceAgents' return type */
export interface IDeleteOldTraceAgentsResult {
  pruned: number;
}

/** 'DeleteOldTraceAgents' query type */
export interface IDeleteOldTraceAgentsQuery {
  params: IDeleteOldTraceAgentsParams;
  result: IDeleteOldTraceAgentsResult;
}

const deleteOldTraceAgentsIR: any = {"usedParamSet":{"retentionHours":true},"params":[{"name":"retentionHours","required":true,"transform":{"type":"scalar"},"locs":[{"a":81,"b":96}]}],"statement":"DELETE FROM otel_trace_agents\n WHERE created_at < now() - make_interval(hours => :retentionHours!::int)\nRETURNING 1 AS \"pruned!\""};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM otel_trace_agents
 *  WHERE created_at < now() - make_interval(hours => :retentionHours!::int)
 * RETURNING 1 AS "pruned!"
 * ```
 */
export const deleteOldTraceAgents = new PreparedQuery<IDeleteOldTraceAgentsParams,IDeleteOldTraceAgentsResult>(deleteOldTraceAgentsIR);


