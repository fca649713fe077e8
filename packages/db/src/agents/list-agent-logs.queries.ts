/** Types generated for queries found in "packages/db/src/agents/list-agent-logs.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type Visibility = 'private' | 'public';

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'ListAgentLogRows' parameters type */
export interface IListAgentLogRowsParams {
  activeBefore?: string | null | void;
  activeFrom?: string | null | void;
  after?: string | null | void;
  agentId?: string | null | void;
  limit: NumberOrString;
  onlyKeys?: stringArray | null | void;
  onlyVisibility?: Visibility | null | void;
  userId: string;
}

/** 'ListAgentLogRows' return type */
export interface IListAgentLogRowsResult {
  agent_id: string;
  confirmed: string;
  entries: string;
  failed: string;
  first_at: Date;
  head_entry_hash: Buffer;
  head_sequence: number;
  last_at: Date;
  pending: string;
}

/** 'ListAgentLogRows' query type */
export interface IListAgentLogRowsQuery {
  params: IListAgentLogRowsParams;
  result: IListAgentLogRowsResult;
}

const listAgentLogRowsIR: any = {"usedParamSet":{"userId":true,"agentId":true,"after":true,"onlyVisibility":true,"onlyKeys":true,"activeFrom":true,"activeBefore":true,"limit":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":577,"b":584},{"a":1632,"b":1639}]},{"name":"agentId","required":false,"transform":{"type":"scalar"},"locs":[{"a":596,"b":603},{"a":635,"b":642}]},{"name":"after","required":false,"transform":{"type":"scalar"},"locs":[{"a":655,"b":660},{"a":692,"b":697}]},{"name":"onlyVisibility","required":false,"transform":{"type":"scalar"},"locs":[{"a":756,"b":770},{"a":1204,"b":1218}]},{"name":"onlyKeys","required":false,"transform":{"type":"scalar"},"locs":[{"a":773,"b":781},{"a":1221,"b":1229}]},{"name":"activeFrom","required":false,"transform":{"type":"scalar"},"locs":[{"a":794,"b":804},{"a":1017,"b":1027},{"a":1054,"b":1064}]},{"name":"activeBefore","required":false,"transform":{"type":"scalar"},"locs":[{"a":824,"b":836},{"a":1086,"b":1098},{"a":1124,"b":1136}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":1289,"b":1295}]}],"statement":"WITH seen AS (\n  SELECT l.agent_id, max(c.sequence) AS head_sequence, count(*) AS entries,\n         count(*) FILTER (WHERE s.status = 'pending') AS pending,\n         count(*) FILTER (WHERE s.status = 'confirmed') AS confirmed,\n         count(*) FILTER (WHERE s.status = 'failed') AS failed,\n         min(c.created_at) AS first_at, max(c.created_at) AS last_at\n    FROM agent_logs AS l\n    JOIN contexts AS c ON c.user_id = l.user_id AND c.agent_id = l.agent_id AND c.sequence IS NOT NULL\n   CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s\n   WHERE l.user_id = :userId!\n     AND (:agentId::text IS NULL OR l.agent_id = :agentId)\n     AND (:after::text IS NULL OR l.agent_id > :after)\n     AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)\n     AND (:activeFrom::text IS NULL AND :activeBefore::text IS NULL OR EXISTS (\n           SELECT 1 FROM contexts AS a\n            WHERE a.user_id = l.user_id AND a.agent_id = l.agent_id AND a.sequence IS NOT NULL\n              AND (:activeFrom::text IS NULL OR a.id >= :activeFrom)\n              AND (:activeBefore::text IS NULL OR a.id < :activeBefore)\n              AND ctxlog_reader_sees(a.visibility, a.api_key_id, :onlyVisibility, :onlyKeys)))\n   GROUP BY l.agent_id\n   ORDER BY l.agent_id\n   LIMIT :limit!)\nSELECT s.agent_id AS \"agent_id!\", s.head_sequence AS \"head_sequence!\", s.entries AS \"entries!\",\n       s.pending AS \"pending!\", s.confirmed AS \"confirmed!\", s.failed AS \"failed!\",\n       s.first_at AS \"first_at!\", s.last_at AS \"last_at!\",\n       h.entry_hash AS \"head_entry_hash!\"\n  FROM seen AS s\n  JOIN contexts AS h ON h.user_id = :userId! AND h.agent_id = s.agent_id AND h.sequence = s.head_sequence\n ORDER BY s.agent_id"};

/**
 * Query generated from SQL:
 * ```
 * WITH seen AS (
 *   SELECT l.agent_id, max(c.sequence) AS head_sequence, count(*) AS entries,
 *          count(*) FILTER (WHERE s.status = 'pending') AS pending,
 *          count(*) FILTER (WHERE s.status = 'confirmed') AS confirmed,
 *          count(*) FILTER (WHERE s.status = 'failed') AS failed,
 *          min(c.created_at) AS first_at, max(c.created_at) AS last_at
 *     FROM agent_logs AS l
 *     JOIN contexts AS c ON c.user_id = l.user_id AND c.agent_id = l.agent_id AND c.sequence IS NOT NULL
 *    CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
 *    WHERE l.user_id = :userId!
 *      AND (:agentId::text IS NULL OR l.agent_id = :agentId)
 *      AND (:after::text IS NULL OR l.agent_id > :after)
 *      AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)
 *      AND (:activeFrom::text IS NULL AND :activeBefore::text IS NULL OR EXISTS (
 *            SELECT 1 FROM contexts AS a
 *             WHERE a.user_id = l.user_id AND a.agent_id = l.agent_id AND a.sequence IS NOT NULL
 *               AND (:activeFrom::text IS NULL OR a.id >= :activeFrom)
 *               AND (:activeBefore::text IS NULL OR a.id < :activeBefore)
 *               AND ctxlog_reader_sees(a.visibility, a.api_key_id, :onlyVisibility, :onlyKeys)))
 *    GROUP BY l.agent_id
 *    ORDER BY l.agent_id
 *    LIMIT :limit!)
 * SELECT s.agent_id AS "agent_id!", s.head_sequence AS "head_sequence!", s.entries AS "entries!",
 *        s.pending AS "pending!", s.confirmed AS "confirmed!", s.failed AS "failed!",
 *        s.first_at AS "first_at!", s.last_at AS "last_at!",
 *        h.entry_hash AS "head_entry_hash!"
 *   FROM seen AS s
 *   JOIN contexts AS h ON h.user_id = :userId! AND h.agent_id = s.agent_id AND h.sequence = s.head_sequence
 *  ORDER BY s.agent_id
 * ```
 */
export const listAgentLogRows = new PreparedQuery<IListAgentLogRowsParams,IListAgentLogRowsResult>(listAgentLogRowsIR);


