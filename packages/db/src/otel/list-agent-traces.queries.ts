/** Types generated for queries found in "packages/db/src/otel/list-agent-traces.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type Visibility = 'private' | 'public';

export type stringArray = (string)[];

/** 'AgentTraceSpans' parameters type */
export interface IAgentTraceSpansParams {
  after?: string | null | void;
  agentId: string;
  limit: number;
  onlyKeys?: stringArray | null | void;
  onlyVisibility?: Visibility | null | void;
  userId: string;
}

/** 'AgentTraceSpans' return type */
export interface IAgentTraceSpansResult {
  canonical_data: Buffer | null;
  created_at: Date;
  id: string;
  last_context_id: string;
  trace_id: string;
}

/** 'AgentTraceSpans' query type */
export interface IAgentTraceSpansQuery {
  params: IAgentTraceSpansParams;
  result: IAgentTraceSpansResult;
}

const agentTraceSpansIR: any = {"usedParamSet":{"userId":true,"agentId":true,"onlyVisibility":true,"onlyKeys":true,"after":true,"limit":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":357,"b":364}]},{"name":"agentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":383,"b":391}]},{"name":"onlyVisibility","required":false,"transform":{"type":"scalar"},"locs":[{"a":449,"b":463}]},{"name":"onlyKeys","required":false,"transform":{"type":"scalar"},"locs":[{"a":466,"b":474}]},{"name":"after","required":false,"transform":{"type":"scalar"},"locs":[{"a":509,"b":514},{"a":545,"b":550}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":588,"b":594}]}],"statement":"-- The page's traces, picked from the agent's spans by ids alone (contexts (user_id, agent_id, id),\n-- then otel_spans' context_id key), then each of their spans by its primary key.\nWITH page AS (\n  SELECT s.trace_id, max(c.id) AS last_context_id, array_agg(c.id) AS ids\n    FROM contexts c\n    JOIN otel_spans s ON s.context_id = c.id\n   WHERE c.user_id = :userId! AND c.agent_id = :agentId!\n     AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)\n   GROUP BY s.trace_id\n  HAVING :after::text IS NULL OR max(c.id) < :after\n   ORDER BY max(c.id) DESC\n   LIMIT :limit!::int)\nSELECT p.trace_id AS \"trace_id!\", p.last_context_id AS \"last_context_id!\", c.id, c.canonical_data, c.created_at\n  FROM page p\n CROSS JOIN LATERAL unnest(p.ids) AS span(id)\n  JOIN contexts c ON c.id = span.id\n ORDER BY p.last_context_id DESC, c.id"};

/**
 * Query generated from SQL:
 * ```
 * -- The page's traces, picked from the agent's spans by ids alone (contexts (user_id, agent_id, id),
 * -- then otel_spans' context_id key), then each of their spans by its primary key.
 * WITH page AS (
 *   SELECT s.trace_id, max(c.id) AS last_context_id, array_agg(c.id) AS ids
 *     FROM contexts c
 *     JOIN otel_spans s ON s.context_id = c.id
 *    WHERE c.user_id = :userId! AND c.agent_id = :agentId!
 *      AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)
 *    GROUP BY s.trace_id
 *   HAVING :after::text IS NULL OR max(c.id) < :after
 *    ORDER BY max(c.id) DESC
 *    LIMIT :limit!::int)
 * SELECT p.trace_id AS "trace_id!", p.last_context_id AS "last_context_id!", c.id, c.canonical_data, c.created_at
 *   FROM page p
 *  CROSS JOIN LATERAL unnest(p.ids) AS span(id)
 *   JOIN contexts c ON c.id = span.id
 *  ORDER BY p.last_context_id DESC, c.id
 * ```
 */
export const agentTraceSpans = new PreparedQuery<IAgentTraceSpansParams,IAgentTraceSpansResult>(agentTraceSpansIR);


