/** Types generated for queries found in "packages/db/src/otel/claim-otel-spans.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type stringArray = (string)[];

/** 'OtelSpansOf' parameters type */
export interface IOtelSpansOfParams {
  spanIds: stringArray;
  traceIds: stringArray;
  userId: string;
}

/** 'OtelSpansOf' return type */
export interface IOtelSpansOfResult {
  context_id: string;
  span_id: string;
  trace_id: string;
}

/** 'OtelSpansOf' query type */
export interface IOtelSpansOfQuery {
  params: IOtelSpansOfParams;
  result: IOtelSpansOfResult;
}

const otelSpansOfIR: any = {"usedParamSet":{"traceIds":true,"spanIds":true,"userId":true},"params":[{"name":"traceIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":77,"b":86}]},{"name":"spanIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":97,"b":105}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":216,"b":223}]}],"statement":"SELECT s.trace_id, s.span_id, s.context_id\n  FROM otel_spans s\n  JOIN unnest(:traceIds!::text[], :spanIds!::text[]) AS k(trace_id, span_id)\n    ON s.trace_id = k.trace_id AND s.span_id = k.span_id\n WHERE s.user_id = :userId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT s.trace_id, s.span_id, s.context_id
 *   FROM otel_spans s
 *   JOIN unnest(:traceIds!::text[], :spanIds!::text[]) AS k(trace_id, span_id)
 *     ON s.trace_id = k.trace_id AND s.span_id = k.span_id
 *  WHERE s.user_id = :userId!
 * ```
 */
export const otelSpansOf = new PreparedQuery<IOtelSpansOfParams,IOtelSpansOfResult>(otelSpansOfIR);


/** 'ClaimOtelSpansFor' parameters type */
export interface IClaimOtelSpansForParams {
  abandonedSeconds: number;
  contextIds: stringArray;
  spanIds: stringArray;
  traceIds: stringArray;
  userId: string;
}

/** 'ClaimOtelSpansFor' return type */
export interface IClaimOtelSpansForResult {
  context_id: string;
}

/** 'ClaimOtelSpansFor' query type */
export interface IClaimOtelSpansForQuery {
  params: IClaimOtelSpansForParams;
  result: IClaimOtelSpansForResult;
}

const claimOtelSpansForIR: any = {"usedParamSet":{"userId":true,"traceIds":true,"spanIds":true,"contextIds":true,"abandonedSeconds":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":76,"b":83}]},{"name":"traceIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":136,"b":145}]},{"name":"spanIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":156,"b":164}]},{"name":"contextIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":175,"b":186}]},{"name":"abandonedSeconds","required":true,"transform":{"type":"scalar"},"locs":[{"a":400,"b":417}]}],"statement":"INSERT INTO otel_spans AS s (user_id, trace_id, span_id, context_id)\nSELECT :userId!, k.trace_id, k.span_id, k.context_id\n  FROM unnest(:traceIds!::text[], :spanIds!::text[], :contextIds!::text[]) AS k(trace_id, span_id, context_id)\n    ON CONFLICT (user_id, trace_id, span_id) DO UPDATE\n   SET context_id = EXCLUDED.context_id, claimed_at = now()\n WHERE s.claimed_at < now() - make_interval(secs => :abandonedSeconds!::int)\n   AND NOT EXISTS (SELECT 1 FROM contexts c WHERE c.id = s.context_id)\nRETURNING s.context_id"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO otel_spans AS s (user_id, trace_id, span_id, context_id)
 * SELECT :userId!, k.trace_id, k.span_id, k.context_id
 *   FROM unnest(:traceIds!::text[], :spanIds!::text[], :contextIds!::text[]) AS k(trace_id, span_id, context_id)
 *     ON CONFLICT (user_id, trace_id, span_id) DO UPDATE
 *    SET context_id = EXCLUDED.context_id, claimed_at = now()
 *  WHERE s.claimed_at < now() - make_interval(secs => :abandonedSeconds!::int)
 *    AND NOT EXISTS (SELECT 1 FROM contexts c WHERE c.id = s.context_id)
 * RETURNING s.context_id
 * ```
 */
export const claimOtelSpansFor = new PreparedQuery<IClaimOtelSpansForParams,IClaimOtelSpansForResult>(claimOtelSpansForIR);


/** 'ReleaseOtelSpansOf' parameters type */
export interface IReleaseOtelSpansOfParams {
  contextIds: stringArray;
}

/** 'ReleaseOtelSpansOf' return type */
export type IReleaseOtelSpansOfResult = void;

/** 'ReleaseOtelSpansOf' query type */
export interface IReleaseOtelSpansOfQuery {
  params: IReleaseOtelSpansOfParams;
  result: IReleaseOtelSpansOfResult;
}

const releaseOtelSpansOfIR: any = {"usedParamSet":{"contextIds":true},"params":[{"name":"contextIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":46,"b":57}]}],"statement":"DELETE FROM otel_spans WHERE context_id = ANY(:contextIds!::text[])"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM otel_spans WHERE context_id = ANY(:contextIds!::text[])
 * ```
 */
export const releaseOtelSpansOf = new PreparedQuery<IReleaseOtelSpansOfParams,IReleaseOtelSpansOfResult>(releaseOtelSpansOfIR);


/** 'TraceContextIdsOf' parameters type */
export interface ITraceContextIdsOfParams {
  limit: number;
  traceId: string;
  userId: string;
}

/** 'TraceContextIdsOf' return type */
export interface ITraceContextIdsOfResult {
  context_id: string;
}

/** 'TraceContextIdsOf' query type */
export interface ITraceContextIdsOfQuery {
  params: ITraceContextIdsOfParams;
  result: ITraceContextIdsOfResult;
}

const traceContextIdsOfIR: any = {"usedParamSet":{"userId":true,"traceId":true,"limit":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":50,"b":57}]},{"name":"traceId","required":true,"transform":{"type":"scalar"},"locs":[{"a":74,"b":82}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":90,"b":96}]}],"statement":"SELECT context_id FROM otel_spans WHERE user_id = :userId! AND trace_id = :traceId! LIMIT :limit!::int"};

/**
 * Query generated from SQL:
 * ```
 * SELECT context_id FROM otel_spans WHERE user_id = :userId! AND trace_id = :traceId! LIMIT :limit!::int
 * ```
 */
export const traceContextIdsOf = new PreparedQuery<ITraceContextIdsOfParams,ITraceContextIdsOfResult>(traceContextIdsOfIR);


