/** Types generated for queries found in "packages/db/src/agents/stream-agent-entries.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type Visibility = 'private' | 'public';

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'AgentEntriesPage' parameters type */
export interface IAgentEntriesPageParams {
  after: number;
  agentId: string;
  maxRows: NumberOrString;
  onlyKeys?: stringArray | null | void;
  onlyVisibility?: Visibility | null | void;
  pageBytes: NumberOrString;
  toSequence?: number | null | void;
  userId: string;
}

/** 'AgentEntriesPage' return type */
export interface IAgentEntriesPageResult {
  agent_id: string;
  anchor_id: string | null;
  api_key_id: string;
  canonical_data: Buffer | null;
  context_hash: Buffer;
  created_at: Date;
  data_erased_at: Date | null;
  data_erased_by: string | null;
  data_erasure_overrode_retention: boolean | null;
  data_erasure_reason: string | null;
  entry_hash: Buffer | null;
  error_code: string | null;
  error_details: string | null;
  error_message: string | null;
  estimated_confirmation: Date;
  failed_at: Date | null;
  failure_reason: string | null;
  id: string;
  network: string;
  prev_entry_hash: Buffer | null;
  retry_possible: boolean | null;
  sequence: number | null;
  signature: Buffer;
  signature_scheme: string;
  signer_address: string;
  user_id: string;
  visibility: Visibility;
}

/** 'AgentEntriesPage' query type */
export interface IAgentEntriesPageQuery {
  params: IAgentEntriesPageParams;
  result: IAgentEntriesPageResult;
}

const agentEntriesPageIR: any = {"usedParamSet":{"userId":true,"agentId":true,"after":true,"toSequence":true,"onlyVisibility":true,"onlyKeys":true,"maxRows":true,"pageBytes":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":165,"b":172},{"a":903,"b":910}]},{"name":"agentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":191,"b":199},{"a":929,"b":937}]},{"name":"after","required":true,"transform":{"type":"scalar"},"locs":[{"a":218,"b":224},{"a":956,"b":962}]},{"name":"toSequence","required":false,"transform":{"type":"scalar"},"locs":[{"a":236,"b":246},{"a":278,"b":288}]},{"name":"onlyVisibility","required":false,"transform":{"type":"scalar"},"locs":[{"a":347,"b":361},{"a":1063,"b":1077}]},{"name":"onlyKeys","required":false,"transform":{"type":"scalar"},"locs":[{"a":364,"b":372},{"a":1080,"b":1088}]},{"name":"maxRows","required":true,"transform":{"type":"scalar"},"locs":[{"a":407,"b":415}]},{"name":"pageBytes","required":true,"transform":{"type":"scalar"},"locs":[{"a":514,"b":524}]}],"statement":"WITH sized AS (\n  SELECT c.sequence, sum(ctxlog_canonical_bytes(c.canonical_data)) OVER (ORDER BY c.sequence) AS running\n    FROM contexts AS c\n   WHERE c.user_id = :userId! AND c.agent_id = :agentId! AND c.sequence > :after!\n     AND (:toSequence::int IS NULL OR c.sequence <= :toSequence)\n     AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)\n   ORDER BY c.sequence\n   LIMIT :maxRows!),\npage AS (\n  SELECT GREATEST(min(sequence), max(sequence) FILTER (WHERE COALESCE(running, 0) <= :pageBytes!)) AS last\n    FROM sized)\n-- the page's bound as a scalar subquery: computed once (an InitPlan), then one index range. Joined as\n-- a relation instead, a planner without fresh statistics chose a nested loop that recomputed it for\n-- every row after the page (bench:evidence on 100,000 rows not yet analyzed: a page ran minutes)\nSELECT c.* FROM contexts AS c\n WHERE c.user_id = :userId! AND c.agent_id = :agentId! AND c.sequence > :after!\n   AND c.sequence <= (SELECT last FROM page)\n   AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)\n ORDER BY c.sequence"};

/**
 * Query generated from SQL:
 * ```
 * WITH sized AS (
 *   SELECT c.sequence, sum(ctxlog_canonical_bytes(c.canonical_data)) OVER (ORDER BY c.sequence) AS running
 *     FROM contexts AS c
 *    WHERE c.user_id = :userId! AND c.agent_id = :agentId! AND c.sequence > :after!
 *      AND (:toSequence::int IS NULL OR c.sequence <= :toSequence)
 *      AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)
 *    ORDER BY c.sequence
 *    LIMIT :maxRows!),
 * page AS (
 *   SELECT GREATEST(min(sequence), max(sequence) FILTER (WHERE COALESCE(running, 0) <= :pageBytes!)) AS last
 *     FROM sized)
 * -- the page's bound as a scalar subquery: computed once (an InitPlan), then one index range. Joined as
 * -- a relation instead, a planner without fresh statistics chose a nested loop that recomputed it for
 * -- every row after the page (bench:evidence on 100,000 rows not yet analyzed: a page ran minutes)
 * SELECT c.* FROM contexts AS c
 *  WHERE c.user_id = :userId! AND c.agent_id = :agentId! AND c.sequence > :after!
 *    AND c.sequence <= (SELECT last FROM page)
 *    AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)
 *  ORDER BY c.sequence
 * ```
 */
export const agentEntriesPage = new PreparedQuery<IAgentEntriesPageParams,IAgentEntriesPageResult>(agentEntriesPageIR);


/** 'MeasureAgentEntryBytes' parameters type */
export interface IMeasureAgentEntryBytesParams {
  agentId: string;
  fromSequence: number;
  onlyKeys?: stringArray | null | void;
  onlyVisibility?: Visibility | null | void;
  toSequence?: number | null | void;
  userId: string;
}

/** 'MeasureAgentEntryBytes' return type */
export interface IMeasureAgentEntryBytesResult {
  bytes: string | null;
}

/** 'MeasureAgentEntryBytes' query type */
export interface IMeasureAgentEntryBytesQuery {
  params: IMeasureAgentEntryBytesParams;
  result: IMeasureAgentEntryBytesResult;
}

const measureAgentEntryBytesIR: any = {"usedParamSet":{"userId":true,"agentId":true,"fromSequence":true,"toSequence":true,"onlyVisibility":true,"onlyKeys":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":100,"b":107}]},{"name":"agentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":126,"b":134}]},{"name":"fromSequence","required":true,"transform":{"type":"scalar"},"locs":[{"a":154,"b":167}]},{"name":"toSequence","required":false,"transform":{"type":"scalar"},"locs":[{"a":177,"b":187},{"a":219,"b":229}]},{"name":"onlyVisibility","required":false,"transform":{"type":"scalar"},"locs":[{"a":286,"b":300}]},{"name":"onlyKeys","required":false,"transform":{"type":"scalar"},"locs":[{"a":303,"b":311}]}],"statement":"SELECT sum(ctxlog_canonical_bytes(c.canonical_data)) AS bytes FROM contexts AS c\n WHERE c.user_id = :userId! AND c.agent_id = :agentId! AND c.sequence >= :fromSequence!\n   AND (:toSequence::int IS NULL OR c.sequence <= :toSequence)\n   AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)"};

/**
 * Query generated from SQL:
 * ```
 * SELECT sum(ctxlog_canonical_bytes(c.canonical_data)) AS bytes FROM contexts AS c
 *  WHERE c.user_id = :userId! AND c.agent_id = :agentId! AND c.sequence >= :fromSequence!
 *    AND (:toSequence::int IS NULL OR c.sequence <= :toSequence)
 *    AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)
 * ```
 */
export const measureAgentEntryBytes = new PreparedQuery<IMeasureAgentEntryBytesParams,IMeasureAgentEntryBytesResult>(measureAgentEntryBytesIR);


